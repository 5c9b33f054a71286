import type { DatabaseHandle } from '@mason/server-db';
import { InProcessJobQueue } from './in-process-queue';
import type { JobQueue, JobQueueOptions } from './job-queue';
import { PgBossJobQueue } from './pg-boss-queue';

/** pg-boss on a PostgreSQL server (several processes share the work); in process on PGlite. */
export function createJobQueue(database: DatabaseHandle, options: JobQueueOptions): JobQueue {
  return database.kind === 'postgres' && database.url
    ? new PgBossJobQueue(database.url, options)
    : new InProcessJobQueue(options);
}
