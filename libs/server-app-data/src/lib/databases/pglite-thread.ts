// One PGlite database in a worker thread of its own. PGlite is PostgreSQL compiled to
// WebAssembly and runs on the thread that made it: opening a database (a second or more,
// initdb for the template longer) and every query would hold up Mason's event loop, and every
// other person's request and turn with it. In a worker, an app's database work runs beside
// Mason's and on the other cores; Mason's thread only passes messages.
//
// The worker holds the PGlite; this side keeps PostgreSQL's one-connection rule (transactions
// one at a time, statements of a transaction one after the other) and brings back errors with
// PostgreSQL's fields (code, position, detail...), which PGlite's DatabaseError carries.
//
// PGlite has no timer of its own to cancel a statement (statement_timeout is not enforced): a
// statement that runs past a transaction's statementTimeoutMs stops the thread instead, which
// PostgreSQL sees as a crash (the transaction is lost, what was committed stays; the next open
// recovers from the WAL), and answers 57014 as PostgreSQL would.
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  MessageChannel,
  receiveMessageOnPort,
  Worker,
  type MessagePort,
} from 'node:worker_threads';
import { settingsStatement } from './transaction-settings';
import type { TransactionOptions } from './types';
import type { OwnerSqlClient } from './types';
import type { QueryOptions } from '@mason/server-postgrest';

/** The worker: plain CommonJS (an eval worker), given PGlite's entry and the folder. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const replies = workerData.replies;
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
  const { protocol: { serialize }, parse: { parseResults } } = require(workerData.pglite);
  // A value as the text a bound parameter carries (what node-postgres sends); undefined when the
  // value needs PGlite's own serializers (an array, an object, a buffer).
  const asText = (value) =>
    value === null || value === undefined
      ? null
      : ['string', 'number', 'bigint', 'boolean'].includes(typeof value)
        ? String(value)
        : undefined;
  const statement = (text, values) => [
    serialize.parse({ text }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
  ];
  // A read-only transaction of one statement, all in one message to PostgreSQL: its start, its
  // settings, the statement and the commit, then one Sync. db.query() alone exchanges six
  // messages with the engine for one statement (parse, describe, bind, describe, execute,
  // sync); this reads in one exchange what took four queries. An error skips the rest up to the
  // Sync, and the failed transaction is rolled back.
  const pipelinedRead = async (begin, text, values) => {
    const parts = [
      ...statement(begin.start, []),
      ...(begin.params.length > 0 ? statement(begin.text, begin.params) : []),
      ...statement(text, values),
      ...statement('commit', []),
      serialize.sync(),
    ];
    const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let at = 0;
    for (const part of parts) {
      message.set(part, at);
      at += part.length;
    }
    let messages;
    try {
      ({ messages } = await db.runExclusive(() => db.execProtocol(message, { syncToFs: false })));
    } catch (error) {
      await db.exec('rollback').catch(() => undefined);
      throw error;
    }
    // The statements' answers, each ending with its CommandComplete: the read is the last but one.
    const answers = [[]];
    for (const reply of messages) {
      answers[answers.length - 1].push(reply);
      if (reply.name === 'commandComplete') answers.push([]);
    }
    const answer = parseResults(answers[answers.length - 3], db.parsers)[0];
    return { rows: answer.rows, affectedRows: answer.affectedRows };
  };
  parentPort.on('message', async ({ id, op, text, params, begin, end }) => {
    const reply = (message) => replies.postMessage(message);
    try {
      if (op === 'close') {
        await db.close();
        reply({ id, ok: true });
        parentPort.close();
        replies.close();
        return;
      }
      let result;
      const values = op === 'query' && begin && end ? params.map(asText) : undefined;
      if (values && !values.includes(undefined)) {
        try {
          reply({ id, ok: true, result: await pipelinedRead(begin, text, values) });
        } catch (error) {
          reply({ id, ok: false, error: plain(error) });
        }
        return;
      }
      try {
        if (begin) {
          // A transaction starts with its first statement, in the same message: the start and
          // its settings (set_config(name, value, true)) cost no crossing of their own.
          await db.exec(begin.start);
          if (begin.params.length > 0) await db.query(begin.text, begin.params);
        }
        if (op === 'query') {
          const answer = await db.query(text, params);
          result = { rows: answer.rows, affectedRows: answer.affectedRows };
        } else {
          await db.exec(text);
        }
      } catch (error) {
        if (end) await db.exec('rollback').catch(() => undefined);
        throw error;
      }
      // A read-only transaction's last statement ends it in the same message.
      if (end) await db.exec('commit');
      reply({ id, ok: true, result });
    } catch (error) {
      reply({ id, ok: false, error: plain(error) });
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

/** A transaction's start, sent with its first statement: `begin`, then its settings statement. */
interface Begin {
  readonly start: 'begin' | 'begin read only';
  readonly text: string;
  readonly params: readonly string[];
}

interface QueryResult<Row> {
  rows: Row[];
  affectedRows?: number;
}

const TIMED_OUT: ErrorFields = {
  message: 'canceling statement due to statement timeout',
  code: '57014',
  severity: 'ERROR',
};

const STOPPED_FOR_TIMEOUT: ErrorFields = {
  message: 'The database stopped to cancel a statement that ran too long. Try again.',
};

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
  /** The worker's answers come on a port of their own, which a timeout can read synchronously. */
  readonly #replies: MessagePort;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  #nextId = 1;
  /** The end of the queue of transactions: each starts when the one before it ended. */
  #queue: Promise<unknown> = Promise.resolve();
  /** Why the thread is gone, once it is: every call after that is refused with it. */
  #gone: ErrorFields | null = null;
  /** True once the thread is gone or going: every call is refused. */
  get stopping(): boolean {
    return this.#gone !== null;
  }

  /** Resolves when the thread has ended, by close() or by itself (a cancelled statement). */
  readonly stopped: Promise<void>;

  private constructor(worker: Worker, replies: MessagePort) {
    this.#worker = worker;
    this.#replies = replies;
    replies.on('message', (reply: Reply) => this.#settle(reply));
    const fail = (error: Error) => {
      this.#gone ??= { message: error.message };
      for (const settle of this.#pending.values()) settle({ id: 0, ok: false, error: this.#gone });
      this.#pending.clear();
    };
    worker.on('error', fail);
    this.stopped = new Promise((resolve) =>
      worker.once('exit', () => {
        fail(new Error('The database thread has stopped'));
        replies.close();
        resolve();
      }),
    );
  }

  /** Starts a worker and opens (creating when it is not there) the PGlite folder `dataDir`. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const { port1: replies, port2: workerReplies } = new MessageChannel();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { dataDir, pglite: pgliteEntry(), replies: workerReplies },
      transferList: [workerReplies],
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
      replies.close();
      await worker.terminate();
      throw error;
    }
    return new PgliteThread(worker, replies);
  }

  /** One transaction; the next starts when it has committed or rolled back. */
  transaction<T>(
    work: (sql: OwnerSqlClient) => Promise<T>,
    options: TransactionOptions = {},
  ): Promise<T> {
    const limit = options.statementTimeoutMs;
    const settings = settingsStatement(options.settings ?? []);
    const run = this.#queue.then(async () => {
      // Begun with the first statement (a transaction without any needs neither begin nor commit).
      let begin: Begin | undefined = {
        start: options.readOnly ? 'begin read only' : 'begin',
        ...settings,
      };
      let ended = false;
      const call = <R>(
        op: 'query' | 'exec',
        text: string,
        params: unknown[],
        queryOptions: QueryOptions = {},
      ) => {
        if (ended)
          return Promise.reject(
            new Error('The transaction has ended: its last statement was sent'),
          );
        const starting = begin;
        begin = undefined;
        // Only a read-only transaction may end with its last statement.
        const end = Boolean(queryOptions.final && options.readOnly);
        ended = end;
        return this.#call<R>(op, text, params, limit, starting, end);
      };
      let result: T;
      try {
        result = await work({
          query: <Row>(
            text: string,
            params: readonly unknown[] = [],
            queryOptions?: QueryOptions,
          ) => call<QueryResult<Row>>('query', text, [...params], queryOptions),
          exec: async (sql) => void (await call('exec', sql, [])),
        });
      } catch (error) {
        if (!begin && !ended) await this.#call('exec', 'rollback').catch(() => undefined);
        throw error;
      }
      if (!begin && !ended) await this.#call('exec', 'commit', [], limit);
      return result;
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Closes the database once the running transactions ended; the thread then stops. */
  async close(): Promise<void> {
    await this.#queue;
    if (!this.#gone) await this.#call('close').catch(() => undefined);
    await this.#worker.terminate();
    await this.stopped;
  }

  #settle(reply: Reply) {
    const settle = this.#pending.get(reply.id);
    this.#pending.delete(reply.id);
    settle?.(reply);
  }

  #call<T = undefined>(
    op: 'query' | 'exec' | 'close',
    text = '',
    params: unknown[] = [],
    timeoutMs?: number,
    begin?: Begin,
    end = false,
  ) {
    if (this.#gone) return Promise.reject(errorFrom(this.#gone));
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer =
        timeoutMs === undefined ? undefined : setTimeout(() => this.#timedOut(id), timeoutMs);
      this.#pending.set(id, (reply) => {
        clearTimeout(timer);
        if (reply.ok) resolve(reply.result as T);
        else reject(errorFrom(reply.error));
      });
      this.#worker.postMessage({ id, op, text, params, begin, end });
    });
  }

  /** A statement's time ran out: unless its answer is waiting (a busy event loop), stop. */
  #timedOut(id: number) {
    for (let next = receiveMessageOnPort(this.#replies); next;) {
      this.#settle(next.message as Reply);
      next = receiveMessageOnPort(this.#replies);
    }
    const settle = this.#pending.get(id);
    if (!settle) return;
    this.#gone = STOPPED_FOR_TIMEOUT;
    this.#pending.delete(id);
    settle({ id, ok: false, error: TIMED_OUT });
    void this.#worker.terminate();
  }
}
