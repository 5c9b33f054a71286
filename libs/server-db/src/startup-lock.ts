import pg from 'pg';

/**
 * The key of the advisory lock. Any fixed number; this one is the key the migrations were
 * always run under, so a process of an older version and one of this version still take turns.
 */
const STARTUP_LOCK_KEY = 727_001;

/**
 * Runs `work` while no other Mason process runs its own start-up work on this PostgreSQL
 * database: a session-level advisory lock (`pg_advisory_lock`) on a connection of its own,
 * released when `work` ends (or dropped with the connection if the process dies). Several
 * replicas started at once take turns to change the schema (the migrations, the job queue's
 * tables), which PostgreSQL cannot do for two of them at the same time without deadlocks.
 * `work` may use the locked connection.
 */
export async function withStartupLock<T>(
  databaseUrl: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A connection lost while work runs fails work's own queries; it must not crash the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      // A connection that failed has no lock left to release; work's own error says why.
      await client
        .query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY])
        .catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
