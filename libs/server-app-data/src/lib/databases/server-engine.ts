// App databases on a PostgreSQL server (APPS_DATABASE_URL): one database per project and
// environment, named by serverDatabaseName(), each with a small pool of its own while open.
// A snapshot is `CREATE DATABASE <db>_s<id> TEMPLATE <db>`: PostgreSQL copies the database
// (schema, data, grants) as one consistent whole, which needs no other session on the template;
// AppDatabases closes the pool first, and PostgreSQL waits up to 5 s for ended sessions to go.
// A restore copies the snapshot the same way to <db>_r, drops the database and renames the copy,
// so the database is never missing its data should the copy fail.
import pg from 'pg';
import { pgSqlClient, type QueryOptions } from '@mason/server-postgrest';
import { settingsStatement } from './transaction-settings';
import type { Engine, EngineDatabase, TransactionOptions } from './engine';
import {
  checkSnapshotId,
  isSnapshotId,
  newSnapshotId,
  serverDatabaseName,
  snapshotCreatedAt,
  UnknownSnapshotError,
} from './names';
import type { DatabaseKey, OwnerSqlClient, Snapshot } from './types';

/** Connections of one open database: migrations and requests take turns on a few. */
const POOL_SIZE = 3;
/** How long to keep asking when CREATE DATABASE ... TEMPLATE finds the template still in use. */
const TEMPLATE_BUSY_MS = 30_000;

/** Names made by serverDatabaseName() only; checked again before they are quoted. */
function ident(name: string) {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a database name: ${name}`);
  return `"${name}"`;
}

function pgCode(error: unknown) {
  return (error as { code?: string } | null)?.code;
}

export class ServerEngine implements Engine {
  readonly kind: string;
  readonly #url: string;
  readonly #prefix: string;
  readonly #admin: pg.Pool;

  constructor(serverUrl: string, prefix: string) {
    this.#url = serverUrl;
    this.#prefix = prefix;
    this.#admin = new pg.Pool({ connectionString: serverUrl, max: 2 });
    this.#admin.on('error', () => undefined);
    this.kind = `PostgreSQL (${new URL(serverUrl).host})`;
  }

  #name(key: DatabaseKey) {
    return serverDatabaseName(this.#prefix, key);
  }

  #snapshotName(key: DatabaseKey, id: string) {
    return `${this.#name(key)}_s${checkSnapshotId(id)}`;
  }

  async #databaseExists(name: string) {
    const { rowCount } = await this.#admin.query('select 1 from pg_database where datname = $1', [
      name,
    ]);
    return (rowCount ?? 0) > 0;
  }

  exists(key: DatabaseKey) {
    return this.#databaseExists(this.#name(key));
  }

  async open(key: DatabaseKey): Promise<EngineDatabase> {
    const name = this.#name(key);
    if (!(await this.#databaseExists(name))) {
      try {
        await this.#admin.query(`create database ${ident(name)}`);
      } catch (error) {
        // Made by another process in the meantime.
        if (pgCode(error) !== '42P04' && pgCode(error) !== '23505') throw error;
      }
    }
    const url = new URL(this.#url);
    url.pathname = `/${name}`;
    return poolDatabase(
      new pg.Pool({ connectionString: url.toString(), max: POOL_SIZE, pipeline: true }),
    );
  }

  /** CREATE DATABASE ... TEMPLATE, asked again while a just-ended session still holds the template. */
  async #copyDatabase(from: string, to: string) {
    const deadline = Date.now() + TEMPLATE_BUSY_MS;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.#admin.query(`create database ${ident(to)} template ${ident(from)}`);
        return;
      } catch (error) {
        if (pgCode(error) !== '55006' || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * attempt, 1000)));
      }
    }
  }

  async #drop(name: string) {
    await this.#admin.query(`drop database if exists ${ident(name)} with (force)`);
  }

  async #snapshotNames(key: DatabaseKey) {
    const { rows } = await this.#admin.query<{ datname: string; bytes: string }>(
      'select datname, pg_database_size(datname) as bytes from pg_database where starts_with(datname, $1)',
      [`${this.#name(key)}_`],
    );
    return rows;
  }

  async remove(key: DatabaseKey) {
    const name = this.#name(key);
    for (const { datname } of await this.#snapshotNames(key)) {
      const suffix = datname.slice(name.length + 1);
      if (suffix === 'r' || (suffix.startsWith('s') && isSnapshotId(suffix.slice(1))))
        await this.#drop(datname);
    }
    await this.#drop(name);
  }

  async snapshot(key: DatabaseKey): Promise<Snapshot> {
    const id = newSnapshotId();
    const name = this.#snapshotName(key, id);
    await this.#copyDatabase(this.#name(key), name);
    const { rows } = await this.#admin.query<{ bytes: string }>(
      'select pg_database_size($1::text) as bytes',
      [name],
    );
    return { id, bytes: Number(rows[0]?.bytes ?? 0), createdAt: snapshotCreatedAt(id) };
  }

  async restore(key: DatabaseKey, snapshotId: string) {
    const source = this.#snapshotName(key, snapshotId);
    if (!(await this.#databaseExists(source))) throw new UnknownSnapshotError(snapshotId);
    const name = this.#name(key);
    const restoring = `${name}_r`;
    await this.#drop(restoring);
    await this.#copyDatabase(source, restoring);
    await this.#drop(name);
    await this.#admin.query(`alter database ${ident(restoring)} rename to ${ident(name)}`);
  }

  async deleteSnapshot(key: DatabaseKey, snapshotId: string) {
    await this.#drop(this.#snapshotName(key, snapshotId));
  }

  async snapshots(key: DatabaseKey): Promise<Snapshot[]> {
    const prefix = `${this.#name(key)}_s`;
    return (await this.#snapshotNames(key))
      .filter(
        ({ datname }) => datname.startsWith(prefix) && isSnapshotId(datname.slice(prefix.length)),
      )
      .map(({ datname, bytes }) => {
        const id = datname.slice(prefix.length);
        return { id, bytes: Number(bytes), createdAt: snapshotCreatedAt(id) };
      })
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }

  async close() {
    await this.#admin.end();
  }
}

/**
 * A database reached through a pool of its own: each transaction on one of its connections, the
 * statement timeout as `set local statement_timeout`. Closing ends the pool.
 *
 * On a pipelining pool (`pipeline: true`, as Mason makes them) the transaction's start, its
 * settings and its first statement go to the server together, without waiting for each other's
 * answers: a caller's read is two round trips (those three, then the commit), not four.
 */
export function poolDatabase(pool: pg.Pool): EngineDatabase {
  // An idle connection ended by the server (a drop elsewhere) must not crash the process.
  pool.on('error', () => undefined);
  return {
    transaction: async (work, options = {}) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const started = begin(client, options);
      // Awaited before any answer is used; a failed start is the transaction's error.
      started.catch(() => undefined);
      const statements = new CallerStatements(client, started, options.readOnly === true);
      try {
        const result = await work(statements.client);
        await started;
        await (statements.ending ?? client.query('commit'));
        return result;
      } catch (error) {
        const ended = await statements.ending?.then(
          () => true,
          () => false,
        );
        if (!ended)
          await client.query('rollback').catch((rollbackError: Error) => {
            broken = rollbackError;
          });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** `begin`, then the statement timeout and the settings in one statement: sent, not awaited. */
async function begin(client: pg.PoolClient, options: TransactionOptions): Promise<void> {
  const settings: (readonly [string, string])[] = [...(options.settings ?? [])];
  if (options.statementTimeoutMs !== undefined)
    settings.unshift(['statement_timeout', String(Math.ceil(options.statementTimeoutMs))]);
  const sent = [client.query(options.readOnly ? 'begin read only' : 'begin')];
  if (settings.length > 0) {
    const { text, params } = settingsStatement(settings);
    sent.push(client.query(text, params));
  }
  await Promise.all(sent);
}

/**
 * The transaction's statements: each sent at once (behind the start), its answer counted once the
 * start succeeded. A read-only transaction's `final` statement is sent with its commit (a failed
 * statement makes that commit PostgreSQL's rollback); nothing may follow it.
 */
class CallerStatements {
  /** The commit sent with the final statement, once it was. */
  ending: Promise<unknown> | undefined;
  readonly client: OwnerSqlClient;

  constructor(
    client: pg.PoolClient,
    private readonly started: Promise<void>,
    private readonly readOnly: boolean,
  ) {
    const sql = pgSqlClient(client);
    this.client = {
      query: <Row>(text: string, params?: readonly unknown[], options: QueryOptions = {}) =>
        this.#after(() => {
          const answer = sql.query<Row>(text, params, options);
          if (options.final && this.readOnly) {
            this.ending = client.query('commit');
            this.ending.catch(() => undefined);
          }
          return answer;
        }),
      exec: async (script) => void (await this.#after(() => client.query(script))),
    };
  }

  async #after<R>(send: () => Promise<R>): Promise<R> {
    if (this.ending) throw new Error('The transaction has ended: its last statement was sent');
    const sending = send();
    sending.catch(() => undefined);
    await this.started;
    return sending;
  }
}
