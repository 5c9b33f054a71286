// Runs only in the PostgreSQL pass (`nx run server-db:test-pg`, which adds *.pg-spec.ts to jest's
// testMatch): PGlite serves one process and needs no lock.
import pg from 'pg';
import { withStartupLock } from './startup-lock';
import { createTestDatabaseTarget, testDatabaseUrl, type TestDatabaseTarget } from './testing';

/** Resolves when `probe` answers true, asking again every 20 ms (the test's timeout bounds it). */
async function until(probe: () => Promise<boolean>): Promise<void> {
  while (!(await probe())) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('withStartupLock (PostgreSQL)', () => {
  let target: TestDatabaseTarget;
  let url: string;
  let observer: pg.Client;

  beforeAll(async () => {
    if (!testDatabaseUrl())
      throw new Error('This test needs TEST_DATABASE_URL (run it with nx run server-db:test-pg).');
    target = await createTestDatabaseTarget();
    url = target.options.databaseUrl ?? '';
    observer = new pg.Client({ connectionString: url });
    await observer.connect();
  });
  afterAll(async () => {
    await observer?.end();
    await target?.dispose();
  });

  /** How many sessions of this database wait for an advisory lock. */
  const waiting = async () => {
    const { rows } = await observer.query<{ count: string }>(
      `select count(*) from pg_locks l join pg_database d on d.oid = l.database
       where l.locktype = 'advisory' and not l.granted and d.datname = current_database()`,
    );
    return Number(rows[0].count);
  };

  it('runs the work of a second caller only after the first one ended, then frees the lock', async () => {
    const order: string[] = [];
    let finishFirst = () => undefined as void;
    const first = withStartupLock(url, async () => {
      order.push('first started');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first ended');
    });
    await until(async () => order.length === 1);
    const second = withStartupLock(url, async (client) => {
      order.push('second started');
      // The work may use the locked connection.
      return (await client.query<{ one: number }>('select 1 as one')).rows[0].one;
    });
    // The second caller is connected and waits for the lock.
    await until(async () => (await waiting()) === 1);
    expect(order).toEqual(['first started']);

    finishFirst();
    await first;
    expect(await second).toBe(1);
    expect(order).toEqual(['first started', 'first ended', 'second started']);
  });

  it('frees the lock when the work fails', async () => {
    await expect(
      withStartupLock(url, async () => {
        throw new Error('the migration failed');
      }),
    ).rejects.toThrow('the migration failed');
    await expect(withStartupLock(url, async () => 'next')).resolves.toBe('next');
  });
});
