// One PGlite database in a worker thread of its own. PGlite is PostgreSQL compiled to
// WebAssembly and runs on the thread that made it: opening a database (a second or more,
// initdb for the template longer) and every query would hold up Mason's event loop, and every
// other person's request and turn with it. In a worker, an app's database work runs beside
// Mason's and on the other cores; Mason's thread only passes messages.
//
// The worker holds the PGlite; this side keeps PostgreSQL's one-connection rule (transactions
// one at a time, statements of a transaction one after the other) and brings back errors with
// PostgreSQL's fields (code, position, detail...), which PGlite's DatabaseError carries.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { OwnerSqlClient } from './types';

/** The worker: plain CommonJS (an eval worker), given PGlite's entry and the folder. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const plain = (error) => {
  const fields = {};
  if (error && typeof error === 'object') {
    for (const [name, value] of Object.entries(error)) {
      if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[name] = value;
    }
  }
  return { ...fields, message: error instanceof Error ? error.message : String(error) };
};
(async () => {
  let db;
  try {
    const { PGlite } = require(workerData.pglite);
    db = await PGlite.create(workerData.dataDir);
  } catch (error) {
    parentPort.postMessage({ ready: false, error: plain(error) });
    return;
  }
  parentPort.postMessage({ ready: true });
  parentPort.on('message', async ({ id, op, text, params }) => {
    try {
      let result;
      if (op === 'query') {
        const answer = await db.query(text, params);
        result = { rows: answer.rows, affectedRows: answer.affectedRows };
      } else if (op === 'exec') {
        await db.exec(text);
      } else if (op === 'close') {
        await db.close();
        parentPort.postMessage({ id, ok: true });
        parentPort.close();
        return;
      }
      parentPort.postMessage({ id, ok: true, result });
    } catch (error) {
      parentPort.postMessage({ id, ok: false, error: plain(error) });
    }
  });
})();
`;

interface Reply {
  readonly id: number;
  readonly ok: boolean;
  readonly result?: unknown;
  readonly error?: ErrorFields;
}

interface ErrorFields {
  readonly message: string;
  readonly [field: string]: unknown;
}

interface QueryResult<Row> {
  rows: Row[];
  affectedRows?: number;
}

/** An error of the worker's PGlite as an Error with the same fields (code, position, ...). */
function errorFrom(fields: ErrorFields | undefined): Error {
  const { message = 'The database thread failed', ...rest } = fields ?? {};
  return Object.assign(new Error(message), rest);
}

/**
 * PGlite's CommonJS entry, resolved from the folder Mason runs in (as the preview's runtime
 * packages are): the worker loads it with Node's own require, whatever bundled this module.
 */
function pgliteEntry(): string {
  return createRequire(path.join(process.cwd(), 'package.json')).resolve('@electric-sql/pglite');
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  #nextId = 1;
  /** The end of the queue of transactions: each starts when the one before it ended. */
  #queue: Promise<unknown> = Promise.resolve();
  #gone: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const settle = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      settle?.(reply);
    });
    const fail = (error: Error) => {
      this.#gone ??= error;
      for (const settle of this.#pending.values())
        settle({ id: 0, ok: false, error: { message: error.message } });
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The database thread has stopped')));
  }

  /** Starts a worker and opens (creating when it is not there) the PGlite folder `dataDir`. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dataDir, pglite: pgliteEntry() },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        worker.once('message', (message: { ready: boolean; error?: ErrorFields }) =>
          message.ready ? resolve() : reject(errorFrom(message.error)),
        );
        worker.once('error', reject);
        worker.once('exit', () => reject(new Error('The database thread stopped while opening')));
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return new PgliteThread(worker);
  }

  /** One transaction; the next starts when it has committed or rolled back. */
  transaction<T>(work: (sql: OwnerSqlClient) => Promise<T>): Promise<T> {
    const run = this.#queue.then(async () => {
      await this.#call('exec', 'begin');
      let result: T;
      try {
        result = await work({
          query: <Row>(text: string, params: readonly unknown[] = []) =>
            this.#call<QueryResult<Row>>('query', text, [...params]),
          exec: async (sql) => void (await this.#call('exec', sql)),
        });
      } catch (error) {
        await this.#call('exec', 'rollback').catch(() => undefined);
        throw error;
      }
      await this.#call('exec', 'commit');
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the database once the running transactions ended; the thread then stops. */
  async close(): Promise<void> {
    await this.#queue;
    if (this.#gone) return;
    await this.#call('close').catch(() => undefined);
    await this.#worker.terminate();
  }

  #call<T = undefined>(op: 'query' | 'exec' | 'close', text = '', params: unknown[] = []) {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, (reply) =>
        reply.ok ? resolve(reply.result as T) : reject(errorFrom(reply.error)),
      );
      this.#worker.postMessage({ id, op, text, params });
    });
  }
}
