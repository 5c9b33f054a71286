import type { Database } from '@mason/server-db';
import { collectBlobs } from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';

/** How often blobs are collected besides after a project is deleted. */
const COLLECT_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes the blobs nothing references any more (collectBlobs): after a project is deleted, and
 * every few hours (what a crash between a write and its reference left behind). A blob written
 * less than `graceSeconds` ago stays: whatever wrote it may not have referenced it yet.
 */
export class BlobCollector {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly graceSeconds: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.collect(), COLLECT_EVERY_MS);
    this.timer.unref();
  }

  /** Collects now, or once more after the collection under way. Resolves when done. */
  collect(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const writtenBefore = new Date(Date.now() - this.graceSeconds * 1000);
          const deleted = await collectBlobs(this.db, writtenBefore);
          if (deleted > 0) this.log.info({ deleted }, 'collected unreferenced blobs');
        } catch (error) {
          this.log.warn({ err: error }, 'could not collect unreferenced blobs');
        }
      } while (this.again);
    })().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and waits for a collection under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
