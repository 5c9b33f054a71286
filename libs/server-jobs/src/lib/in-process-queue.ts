import type { JobQueue, JobQueueOptions, JobSource } from './job-queue';

/**
 * The embedded database (PGlite) serves one process, so that process runs the jobs itself, from
 * the same source and with the same recovery: on start, jobs left running by a crash are
 * claimable at once (their claim cannot be renewed by a dead process).
 */
export class InProcessJobQueue implements JobQueue {
  private readonly inFlight = new Set<Promise<void>>();
  /** The jobs running here, by id. */
  private readonly runningIds = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private sweeping: Promise<void> | null = null;
  /** A wake came while a sweep ran: that sweep may have looked before the job existed. */
  private sweepAgain = false;

  constructor(private readonly options: JobQueueOptions) {}

  async start(): Promise<void> {
    if (!this.options.source) return;
    this.timer = setInterval(() => void this.sweep(), this.options.sweepMs);
    this.timer.unref();
    void this.sweep();
  }

  /**
   * Runs the woken job at once when a slot is free (its own claim decides, no look at the source
   * first), and sweeps for other queued jobs while slots are left.
   */
  async wake(id: string): Promise<void> {
    const { source, concurrency } = this.options;
    if (source && !this.closed && this.inFlight.size < concurrency && !this.runningIds.has(id))
      this.runJob(source, id);
    if (this.inFlight.size < concurrency) void this.sweep();
  }

  private sweep(): Promise<void> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    // Cleared in the same step as the last look at sweepAgain: a wake that comes after that look
    // starts a sweep of its own instead of waiting for the timer.
    this.sweeping = (async () => {
      try {
        do {
          this.sweepAgain = false;
          await this.fill();
        } while (this.sweepAgain && !this.closed);
      } finally {
        this.sweeping = null;
      }
    })();
    return this.sweeping;
  }

  private async fill(): Promise<void> {
    const { source, concurrency, log, kind } = this.options;
    if (!source || this.closed) return;
    const free = concurrency - this.inFlight.size;
    if (free <= 0) return;
    let ids;
    try {
      // The jobs running here may still look queued (not claimed yet): asked for, then skipped.
      ids = await source.claimable(free + this.runningIds.size);
    } catch (error) {
      if (!this.closed) log.warn({ err: error, kind }, 'Could not look for queued jobs');
      return;
    }
    let started = 0;
    for (const id of ids) {
      if (this.closed || started >= free) return;
      if (this.runningIds.has(id)) continue;
      this.runJob(source, id);
      started += 1;
    }
  }

  private runJob(source: JobSource, id: string): void {
    const { log, kind } = this.options;
    this.runningIds.add(id);
    const run = source.run(id).catch((error: unknown) => {
      log.error({ err: error, kind, jobId: id }, 'A job could not run');
    });
    this.inFlight.add(run);
    void run.finally(() => {
      this.inFlight.delete(run);
      this.runningIds.delete(id);
      // A finished job frees a slot: look for the next one.
      if (!this.closed) void this.sweep();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.options.source?.stopAll();
    await this.sweeping;
    await Promise.all(this.inFlight);
  }
}
