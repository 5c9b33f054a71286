import { withStartupLock } from '@mason/server-db';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { JobQueue, JobQueueOptions } from './job-queue';

/** The channel on which a queued job wakes the workers of every process at once. */
const WAKE_CHANNEL = 'mason_jobs_wake';

/**
 * A PostgreSQL server shared by several Mason processes: pg-boss distributes jobs to the workers
 * of every process. A pg-boss job only names a job of the source; claiming it there decides who
 * runs it, so a repeated job is harmless. The sweep re-sends jobs that are queued or whose worker
 * died, so the other processes finish the work.
 *
 * A wake does not wait for a worker's next poll: the workers of this process are told at once,
 * and those of the other processes through LISTEN/NOTIFY. Polling stays as the fallback.
 */
export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly workerIds: string[] = [];
  private listener: pg.Client | null = null;
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
    const { kind, source, concurrency, sweepMs, pollMs = 500 } = this.options;
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
      const workerId = await this.boss.work<{ id: string }>(
        kind,
        { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, pollMs / 1000) },
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
      this.workerIds.push(workerId);
    }
    await this.listen();
    this.timer = setInterval(() => void this.sweep(), sweepMs);
    this.timer.unref();
    void this.sweep();
  }

  async wake(id: string): Promise<void> {
    await this.send(id);
    // The workers here fetch it now; the other processes' workers hear of it through NOTIFY.
    this.notifyWorkers();
    await this.boss
      .getDb()
      .executeSql('select pg_notify($1, $2)', [WAKE_CHANNEL, this.options.kind])
      .catch((error: unknown) =>
        this.options.log.warn({ err: error, kind: this.options.kind }, 'Could not wake workers'),
      );
  }

  /** Wakes this process's idle workers of the kind; a busy one fetches again when it is done. */
  private notifyWorkers() {
    for (const workerId of this.workerIds) this.boss.notifyWorker(workerId);
  }

  /** LISTEN for wakes from other processes; a lost connection only falls back to polling. */
  private async listen(): Promise<void> {
    const { kind, log } = this.options;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === WAKE_CHANNEL && message.payload === kind) this.notifyWorkers();
    });
    client.on('error', (error) => {
      if (this.closed) return;
      log.warn({ err: error, kind }, 'Lost the job wake-up listener; listening again');
      if (this.listener === client) this.listener = null;
      client.end().catch(() => undefined);
      setTimeout(() => {
        if (!this.closed && !this.listener) void this.listen().catch(() => undefined);
      }, 1000).unref();
    });
    try {
      await client.connect();
      await client.query(`listen ${WAKE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      log.warn({ err: error, kind }, 'Could not listen for job wake-ups; polling only');
      return;
    }
    if (this.closed) await client.end().catch(() => undefined);
    else this.listener = client;
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
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    this.options.source?.stopAll();
    await Promise.all(this.inFlight);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
  }
}
