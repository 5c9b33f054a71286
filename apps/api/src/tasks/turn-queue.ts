import { withStartupLock, type Database } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { TurnRunner } from './turn-runner';
import { claimableTurns } from './turns';

/**
 * Hands queued turns to workers. The durable record of a turn is its task_turns row (written
 * with the request that asks for it); a dispatcher only decides which process runs it, so a
 * lost wake-up or a dead worker delays a turn but never loses it: every process also sweeps for
 * queued turns and for running turns whose worker stopped renewing its lease.
 */
export interface TurnDispatcher {
  start(): Promise<void>;
  /** A turn was queued: run it soon. */
  wake(turnId: string): Promise<void>;
  /** Stops taking turns; running ones go back to the queue. */
  close(): Promise<void>;
}

interface DispatcherDeps {
  db: Database;
  runner: TurnRunner | null;
  log: FastifyBaseLogger;
  concurrency: number;
  /** How often to sweep for turns nobody runs. */
  sweepMs: number;
}

/**
 * The embedded database (PGlite) serves one process, so that process runs the turns itself,
 * over the same task_turns table and with the same recovery: on start, turns left RUNNING by a
 * crash are claimable at once (their lease cannot be renewed by a dead process).
 */
export class InProcessDispatcher implements TurnDispatcher {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private sweeping: Promise<void> | null = null;
  /** A wake came while a sweep ran: that sweep may have looked before the turn existed. */
  private sweepAgain = false;

  constructor(private readonly deps: DispatcherDeps) {}

  async start(): Promise<void> {
    if (!this.deps.runner) return;
    this.timer = setInterval(() => void this.sweep(), this.deps.sweepMs);
    this.timer.unref();
    void this.sweep();
  }

  async wake(): Promise<void> {
    void this.sweep();
  }

  private sweep(): Promise<void> {
    if (this.sweeping) {
      this.sweepAgain = true;
      return this.sweeping;
    }
    this.sweeping = (async () => {
      do {
        this.sweepAgain = false;
        await this.fill();
      } while (this.sweepAgain && !this.closed);
    })().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async fill(): Promise<void> {
    const { runner, db, concurrency, log } = this.deps;
    if (!runner || this.closed) return;
    const free = concurrency - this.inFlight.size;
    if (free <= 0) return;
    let turns;
    try {
      turns = await claimableTurns(db, free);
    } catch (error) {
      if (!this.closed) log.warn({ err: error }, 'Could not look for queued turns');
      return;
    }
    for (const turn of turns) {
      if (this.closed) return;
      const run = runner.run(turn.id).catch((error: unknown) => {
        log.error({ err: error, turnId: turn.id }, 'A turn could not run');
      });
      this.inFlight.add(run);
      void run.finally(() => {
        this.inFlight.delete(run);
        // A finished turn frees a slot: look for the next one.
        if (!this.closed) void this.sweep();
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.deps.runner?.stopAll();
    await this.sweeping;
    await Promise.all(this.inFlight);
  }
}

const QUEUE = 'task-turn';

/**
 * A PostgreSQL server shared by several Mason processes: pg-boss distributes turns to the
 * workers of every process. A job only names a turn; claiming the turn row decides who runs it,
 * so a repeated job is harmless. The sweep re-sends jobs for queued turns and for turns whose
 * worker died (lease expired), so the other processes finish the work.
 */
export class PgBossDispatcher implements TurnDispatcher {
  private readonly boss: PgBoss;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly deps: DispatcherDeps,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'mason_jobs',
      max: 4,
      supervise: true,
      maintenanceIntervalSeconds: 60,
    });
    this.boss.on('error', (error) => {
      if (!this.closed) deps.log.warn({ err: error }, 'Job queue error');
    });
  }

  async start(): Promise<void> {
    // pg-boss creates its tables and a table per queue: two processes doing it at once on a
    // fresh database can deadlock, so they take turns (as they do for the migrations).
    await withStartupLock(this.databaseUrl, async () => {
      await this.boss.start();
      await this.boss.createQueue(QUEUE, {
        name: QUEUE,
        retryLimit: 0,
        // A job only hands over a turn id: the turn's own lease decides when it is abandoned.
        expireInSeconds: 60 * 60,
      });
    });
    const { runner, concurrency, sweepMs } = this.deps;
    if (!runner) return;
    for (let slot = 0; slot < concurrency; slot++) {
      await this.boss.work<{ turnId: string }>(
        QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => {
          if (!job || this.closed) return;
          const run = runner.run(job.data.turnId);
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

  async wake(turnId: string): Promise<void> {
    await this.send(turnId);
  }

  /** At most one job per turn per sweep period: a waiting turn is not sent again and again. */
  private send(turnId: string) {
    return this.boss.send(
      QUEUE,
      { turnId },
      { singletonKey: turnId, singletonSeconds: Math.max(1, Math.ceil(this.deps.sweepMs / 1000)) },
    );
  }

  private async sweep(): Promise<void> {
    if (this.closed) return;
    try {
      for (const turn of await claimableTurns(this.deps.db, 50)) {
        await this.send(turn.id);
      }
    } catch (error) {
      if (!this.closed) this.deps.log.warn({ err: error }, 'Could not sweep for abandoned turns');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.deps.runner?.stopAll();
    await Promise.all(this.inFlight);
    await this.boss.stop({ graceful: true, wait: true, timeout: 5000 }).catch(() => undefined);
  }
}
