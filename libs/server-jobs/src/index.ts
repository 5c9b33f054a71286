// Public API of @mason/server-jobs: name every export.
export { createJobQueue } from './lib/create-job-queue';
export { InProcessJobQueue } from './lib/in-process-queue';
export type { JobLog, JobQueue, JobQueueOptions, JobSource } from './lib/job-queue';
export { PgBossJobQueue } from './lib/pg-boss-queue';
