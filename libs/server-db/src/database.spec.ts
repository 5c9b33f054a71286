import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { DataDirInUseError } from './data-dir-lock';
import { createDatabase, type Database } from './database';
import { findMigrationsFolder } from './migrations-folder';
import { users, waitlist } from './schema';
import {
  createTestDatabase,
  createTestDatabaseTarget,
  migratedPgliteSnapshot,
  testDatabaseUrl,
} from './testing';

const mode = testDatabaseUrl() ? 'postgres' : 'pglite';

async function insertUser(db: Database, email: string) {
  const [row] = await db
    .insert(users)
    .values({ email, firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  return row;
}

describe(`createDatabase (${mode})`, () => {
  it('migrates a fresh database and stores users with unique, lower-case e-mails', async () => {
    const handle = await createTestDatabase();
    try {
      expect(handle.kind).toBe(mode);
      const user = await insertUser(handle.db, 'ada@example.com');
      expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(user.passwordHash).toBeNull();

      await expect(insertUser(handle.db, 'ada@example.com')).rejects.toThrow();
      await expect(insertUser(handle.db, 'Grace@Example.com')).rejects.toThrow();

      const found = await handle.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(found).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });

  it('keeps the data when the database is closed and opened again, and migrating twice is harmless', async () => {
    const target = await createTestDatabaseTarget();
    try {
      const first = await createDatabase(target.options);
      await first.db.insert(waitlist).values({ email: 'kept@example.com' });
      await first.close();

      const second = await createDatabase(target.options);
      try {
        const rows = await second.db.select().from(waitlist);
        expect(rows.map((row) => row.email)).toEqual(['kept@example.com']);
        const applied = await second.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        const journal = JSON.parse(
          fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8'),
        );
        // Both drivers answer { rows }.
        expect((applied as { rows: unknown[] }).rows[0]).toEqual({ n: journal.entries.length });
      } finally {
        await second.close();
      }
    } finally {
      await target.dispose();
    }
  });
});

describe('createDatabase with a PGlite data folder', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mason-db-spec-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a database in an empty folder, refuses a second opener while it is open, and frees it on close', async () => {
    const first = await createDatabase({ dataDir });
    await first.db.insert(waitlist).values({ email: 'first@example.com' });
    await expect(createDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(createDatabase({ dataDir })).rejects.toThrow(/in use by process \d+ \(this one\)/);
    await first.close();
    // A snapshot never overwrites an existing database.
    const again = await createDatabase({ dataDir, pgliteSnapshot: await migratedPgliteSnapshot() });
    expect((await again.db.select().from(waitlist)).map((row) => row.email)).toEqual([
      'first@example.com',
    ]);
    await again.close();
    // initdb and every migration on a fresh folder: slow on a busy machine (a bound for a hang).
  }, 300_000);

  it('takes over the lock left behind by a process that died', async () => {
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), '999999999');
    const handle = await createDatabase({
      dataDir,
      pgliteSnapshot: await migratedPgliteSnapshot(),
    });
    expect(handle.kind).toBe('pglite');
    await handle.close();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  it('fails clearly when the migrations cannot be found', async () => {
    const pgliteSnapshot = await migratedPgliteSnapshot();
    await expect(
      createDatabase({ dataDir, pgliteSnapshot, migrationsFolder: path.join(dataDir, 'nowhere') }),
    ).rejects.toThrow(/nowhere/);
    // The failed open released its lock.
    const handle = await createDatabase({ dataDir, pgliteSnapshot });
    await handle.close();
  });
});
