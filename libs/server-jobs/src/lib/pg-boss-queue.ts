import { withStartupLock } from '@mason/server-db';
import PgBoss from 'pg-boss';
import type { JobQueue, JobQueueOptions } from './job-queue';

/**
 * A PostgreSQL server shared by several Mason processes: pg-boss distributes jobs to the workers
 * of every process. A pg-boss job only names a job of the source; claiming it there decides who
 * runs it, so a repeated job is harmless. The sweep re-sends jobs that are queued or whose worker
 * died, so the other processes finish the work.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'mason_jobs',
      max: 4,
      supervise: true,
      maintenanceIntervalSeconds: 60,
    });
    this.boss.on('error', (error) => {
      if (!this.closed) options.log.warn({ err: error, kind: options.kind }, 'Job queue error');
    });
  }

  async start(): Promise<void> {
    const { kind, source, concurrency, sweepMs } = this.options;
    // pg-boss creates its tables and a table per queue: two processes doing it at once on a
    // fresh database can deadlock, so they take turns (as they do for the migrations).
    await withStartupLock(this.databaseUrl, async () => {
      await this.boss.start();
      await this.boss.createQueue(kind, {
        name: kind,
        retryLimit: 0,
        // A pg-boss job only hands over an id: the source's own claim decides when it is abandoned.
        expireInSeconds: 60 * 60,
      });
    });
    if (!source) return;
    for (let slot = 0; slot < concurrency; slot++) {
      await this.boss.work<{ id: string }>(
        kind,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          // A job from before an upgrade may name its id differently: the sweep sends it again.
          if (!job || this.closed || typeof job.data?.id !== 'string') return;
          const run = source.run(job.data.id);
          this.inFlight.add(run);
          try {
            await run;
          } finally {
            this.inFlight.delete(run);
          }
        },
      );
    }
    this.timer = setInterval(() => void this.sweep(), sweepMs);
    this.timer.unref();
    void this.sweep();
  }

  async wake(id: string): Promise<void> {
    await this.send(id);
  }

  /** At most one pg-boss job per job per sweep period: a waiting job is not sent again and again. */
  private send(id: string) {
    const { kind, sweepMs } = this.options;
    return this.boss.send(
      kind,
      { id },
      { singletonKey: id, singletonSeconds: Math.max(1, Math.ceil(sweepMs / 1000)) },
    );
  }

  private async sweep(): Promise<void> {
    const { source, log, kind } = this.options;
    if (this.closed || !source) return;
    try {
      for (const id of await source.claimable(50)) await this.send(id);
    } catch (error) {
      if (!this.closed) log.warn({ err: error, kind }, 'Could not sweep for abandoned jobs');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.options.source?.stopAll();
    await Promise.all(this.inFlight);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
  }
}
