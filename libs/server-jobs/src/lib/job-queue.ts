/**
 * Where a kind of job is kept. The durable record of a job is the source's own row (a turn's
 * task_turns row, written with the request that asks for it); the queue only decides which
 * process runs it. So a lost wake-up or a dead worker delays a job but never loses it: every
 * process also sweeps the source for jobs nobody runs.
 */
export interface JobSource {
  /** Ids of jobs ready to run (queued, or left by a worker that stopped renewing its claim). */
  claimable(limit: number): Promise<readonly string[]>;
  /** Runs one job to its end; it claims the job first, so a job claimed elsewhere returns at once. */
  run(id: string): Promise<void>;
  /** Asks every job running here to stop; they go back to the source. */
  stopAll(): void;
}

/** Hands a kind of job to workers. */
export interface JobQueue {
  start(): Promise<void>;
  /** A job was queued: run it soon. */
  wake(id: string): Promise<void>;
  /** Stops taking jobs; running ones go back to the source. */
  close(): Promise<void>;
}

/** The part of a pino logger the queue uses. */
export interface JobLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface JobQueueOptions {
  /** The kind of job (the pg-boss queue's name): `task-turn`, later `deployment`, `git-push`. */
  kind: string;
  /** The jobs to run; null when this process runs none of them (it only queues them). */
  source: JobSource | null;
  /** Jobs this process runs at once. */
  concurrency: number;
  /** How often to sweep the source for jobs nobody runs. */
  sweepMs: number;
  /**
   * How often an idle worker asks for jobs when nobody woke it (pg-boss's polling; at least
   * 500 ms): the fallback for a lost wake-up. A wake reaches the workers at once. 500 by default.
   */
  pollMs?: number;
  log: JobLog;
}
