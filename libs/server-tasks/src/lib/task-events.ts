import { EventEmitter } from 'node:events';
import type { Task } from '@mason/contract';
import pg from 'pg';

/**
 * What travels between processes. New log entries are announced, not carried: a streaming
 * client reads them from the log table after the last id it sent, so none is missed, repeated
 * or out of order whatever happens to a notification.
 */
export type TaskBusEvent =
  | { readonly type: 'logs'; readonly lastSeq: number }
  | { readonly type: 'delta'; readonly draftId: string; readonly text: string }
  | { readonly type: 'task'; readonly task: Task }
  /** On the channel projectChannel(projectId): a new version of the project exists. */
  | { readonly type: 'version'; readonly versionId: string; readonly index: number }
  /**
   * On the channel projectChannel(projectId): files being written, not stored yet (an
   * assistant's turn, path -> text, null for a deleted file). Live previews follow them; the
   * version that stores them is announced after as usual, and stays the durable checkpoint.
   */
  | { readonly type: 'files'; readonly changes: Readonly<Record<string, string | null>> }
  /**
   * On the channel projectChannel(projectId): the files written since the newest version are
   * settled: stored as that version, or discarded (the turn ended without one).
   */
  | { readonly type: 'files-settled' }
  /** On the channel projectChannel(projectId): its environment variables changed (never their values). */
  | { readonly type: 'env' }
  /** On SESSIONS_CHANNEL: these sessions ended; every process closes their streams. */
  | { readonly type: 'sessions-revoked'; readonly sessionIds: readonly string[] };

/** The bus key of a project's events (its previews follow them); task keys are task ids. */
export const projectChannel = (projectId: string) => `project:${projectId}`;
/** The bus key of ended sessions. */
export const SESSIONS_CHANNEL = 'sessions';

type Listener = (event: TaskBusEvent) => void;

/**
 * Carries a task's live events (new log entries, words of the answer being written, state
 * changes) from the process that runs the turn to every process with a client streaming it.
 */
export interface TaskEventBus {
  publish(taskId: string, event: TaskBusEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(taskId: string, listener: Listener): () => void;
  /** Every task's events (e.g. to keep a cache fresh). */
  subscribeAll(listener: (taskId: string, event: TaskBusEvent) => void): () => void;
  close(): Promise<void>;
}

/** One process (the embedded database): an in-memory emitter. */
export class LocalTaskEventBus implements TaskEventBus {
  protected readonly emitter = new EventEmitter().setMaxListeners(0);
  private readonly everyTask = new Set<(taskId: string, event: TaskBusEvent) => void>();

  publish(taskId: string, event: TaskBusEvent): void {
    this.deliver(taskId, event);
  }

  protected deliver(taskId: string, event: TaskBusEvent): void {
    for (const listener of this.everyTask) listener(taskId, event);
    this.emitter.emit(taskId, event);
  }

  subscribeAll(listener: (taskId: string, event: TaskBusEvent) => void): () => void {
    this.everyTask.add(listener);
    return () => this.everyTask.delete(listener);
  }

  subscribe(taskId: string, listener: Listener): () => void {
    this.emitter.on(taskId, listener);
    return () => this.emitter.off(taskId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const CHANNEL = 'mason_task_events';
/** NOTIFY payloads must stay under 8000 bytes; a larger event is sent as a hint to reload. */
const MAX_PAYLOAD = 7_500;

/**
 * Several processes on one PostgreSQL server: events travel through LISTEN/NOTIFY, so a client
 * connected to one process streams a turn that runs on another. Each process also receives its
 * own notifications, so there is one path for every event.
 */
export class PostgresTaskEventBus extends LocalTaskEventBus {
  private client: pg.Client | null = null;
  private readonly publisher: pg.Pool;
  private closed = false;

  private constructor(
    private readonly databaseUrl: string,
    private readonly onError: (error: unknown) => void,
  ) {
    super();
    // One connection: notifications arrive in the order they commit, which is the order they
    // were sent only when one session sends them; the words of an answer must keep their order.
    this.publisher = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    this.publisher.on('error', onError);
  }

  static async start(databaseUrl: string, onError: (error: unknown) => void) {
    const bus = new PostgresTaskEventBus(databaseUrl, onError);
    await bus.listen();
    return bus;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { taskId, event } = JSON.parse(message.payload) as {
          taskId: string;
          event: TaskBusEvent;
        };
        this.deliver(taskId, event);
      } catch (error) {
        this.onError(error);
      }
    });
    client.on('error', (error) => {
      this.onError(error);
      // Reconnect: a lost listener would silently stop the relay.
      if (!this.closed) setTimeout(() => void this.listen().catch(this.onError), 1000).unref();
    });
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.client = client;
  }

  override publish(taskId: string, event: TaskBusEvent): void {
    const payload = JSON.stringify({ taskId, event });
    if (payload.length > MAX_PAYLOAD && event.type === 'delta' && event.text.length > 1) {
      // Split long deltas into pieces that fit.
      const half = Math.ceil(event.text.length / 2);
      this.publish(taskId, { ...event, text: event.text.slice(0, half) });
      this.publish(taskId, { ...event, text: event.text.slice(half) });
      return;
    }
    // Files too large to notify are not followed live: their version announces them.
    if (payload.length > MAX_PAYLOAD && event.type === 'files') return;
    this.publisher.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(this.onError);
  }

  override async close(): Promise<void> {
    this.closed = true;
    await super.close();
    await this.client?.end().catch(() => undefined);
    await this.publisher.end().catch(() => undefined);
  }
}
