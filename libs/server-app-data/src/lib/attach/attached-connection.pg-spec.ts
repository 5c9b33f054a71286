// Attaching against the test run's PostgreSQL server (TEST_DATABASE_URL): the right and the
// wrong password (role mason_password_check logs in by password; .ci/run adds its pg_hba rule),
// a host that does not answer, nothing listening, a private address, and an attached database
// serving as an app's, its migrations and row rules included.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { ErrorMessages } from '@mason/contract';
import pg from 'pg';
import { AppDatabases, AttachedDatabaseError } from '../databases/app-databases';
import { applyMigrations, appliedMigrations } from '../databases/migrations';
import { poolDatabase } from '../databases/server-engine';
import { AttachRefused } from './attach-refused';
import { readAttachRequest, type AttachTarget } from './attach-target';
import { attachedPool, checkAttachTarget } from './attached-connection';

jest.setTimeout(120_000);

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) throw new Error('attached-connection.pg-spec.ts needs TEST_DATABASE_URL.');
const server = new URL(serverUrl);
const ROLE = 'mason_password_check';
const PASSWORD = 'right horse battery staple';
const database = `mason_attach_${randomBytes(4).toString('hex')}`;
const LOOPBACK = { allowLoopback: true };

const admin = new pg.Client({ connectionString: serverUrl });
const silent = net.createServer(() => undefined);
const opened: AppDatabases[] = [];

const urlOf = (password: string, name = database) =>
  `postgres://${ROLE}:${encodeURIComponent(password)}@127.0.0.1:${server.port || 5432}/${name}?sslmode=disable`;
const target = (password = PASSWORD, name = database) =>
  readAttachRequest({ provider: 'POSTGRES', connectionUrl: urlOf(password, name) });

async function refusal(check: Promise<void>): Promise<{ message: string; field: string } | null> {
  try {
    await check;
    return null;
  } catch (error) {
    if (!(error instanceof AttachRefused)) throw error;
    return { message: error.message, field: error.field };
  }
}

beforeAll(async () => {
  await admin.connect();
  // The role may be left from an earlier run (or another file's): its password is set again.
  await admin.query(`do $$ begin
    create role ${ROLE} login createrole;
  exception when duplicate_object or unique_violation then null; end $$`);
  await admin.query(`alter role ${ROLE} with login createrole password '${PASSWORD}'`);
  await admin.query(`create database ${database} owner ${ROLE}`);
  // Supabase's callers' roles (cluster-wide: other tests' databases share them).
  for (const role of ['anon', 'authenticated'])
    await admin.query(`do $$ begin create role ${role} nologin;
    exception when duplicate_object or unique_violation then null; end $$`);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const databases of opened) await databases.close();
  silent.close();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
});

describe('checking a database before attaching it', () => {
  it('lets the right password in', async () => {
    expect(await refusal(checkAttachTarget(target(), LOOPBACK))).toBeNull();
  });

  it('refuses a wrong password with the catalogue’s message, at the field that holds it', async () => {
    expect(await refusal(checkAttachTarget(target('wrong'), LOOPBACK))).toEqual({
      message: ErrorMessages.databasePasswordInvalid,
      field: 'connectionUrl',
    });
    const supabase = readAttachRequest(
      {
        provider: 'SUPABASE',
        projectUrl: 'https://abcdefghijklmnopqrst.supabase.co',
        anonKey: 'sb_publishable_abc',
        databasePassword: 'wrong',
      },
      {
        host: '127.0.0.1',
        port: Number(server.port || 5432),
        ssl: 'disable',
        user: ROLE,
        database,
      },
    );
    expect(await refusal(checkAttachTarget(supabase, LOOPBACK))).toEqual({
      message: ErrorMessages.databasePasswordInvalid,
      field: 'databasePassword',
    });
  });

  it('says which database is missing', async () => {
    expect(
      (await refusal(checkAttachTarget(target(PASSWORD, 'no_such_db'), LOOPBACK)))?.message,
    ).toBe(`There is no database named no_such_db at 127.0.0.1:${server.port || 5432}.`);
  });

  it('gives up on a host that never answers, with a 4xx reason rather than a hang', async () => {
    const port = (silent.address() as net.AddressInfo).port;
    const quiet: AttachTarget = { ...target(), port };
    expect(
      await refusal(checkAttachTarget(quiet, { ...LOOPBACK, connectTimeoutMs: 1_000 })),
    ).toEqual({
      message: `The database at 127.0.0.1:${port} did not answer within 1 s. Check the host and port, and that it accepts connections from outside.`,
      field: 'connectionUrl',
    });
  });

  it('says when nothing listens at the port', async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await refusal(checkAttachTarget({ ...target(), port }, LOOPBACK)))?.message).toBe(
      `Nothing answers at 127.0.0.1:${port}. Check the host and port.`,
    );
  });

  it('refuses loopback unless the setting allows it, and a private address always', async () => {
    expect((await refusal(checkAttachTarget(target(), {})))?.message).toContain(
      'points to a loopback address',
    );
    expect(
      (await refusal(checkAttachTarget({ ...target(), host: '10.20.30.40' }, LOOPBACK)))?.message,
    ).toContain('10.20.30.40 points to a private network address');
  });

  it('lets a Supabase project’s database in (it has the anon and authenticated roles)', async () => {
    const supabase: AttachTarget = {
      ...target(),
      provider: 'SUPABASE',
      supabase: { projectRef: 'abcdefghijklmnopqrst', projectUrl: 'https://x', anonKey: 'k' },
    };
    expect(await refusal(checkAttachTarget(supabase, LOOPBACK))).toBeNull();
  });
});

describe('an attached PostgreSQL database as an app’s', () => {
  const attached = () => {
    const databases = new AppDatabases({
      dataDir: os.tmpdir(),
      attached: async () => ({
        bootstrap: 'full',
        open: async () => poolDatabase(await attachedPool(target(), LOOPBACK)),
      }),
    });
    opened.push(databases);
    return databases;
  };
  const projectId = '00000000-0000-4000-8000-0000000000a1';

  it('is set up as a built-in one, migrated, and answers callers under its row rules', async () => {
    const databases = attached();
    const migration = {
      name: '001_notes.sql',
      sql: `create table public.notes (id serial primary key, owner uuid not null, body text not null);
alter table public.notes enable row level security;
create policy own_notes on public.notes for all to authenticated
  using (owner = auth.uid()) with check (owner = auth.uid());`,
    };
    const applied = await databases.use(projectId, 'development', (db) =>
      applyMigrations(db, [migration]),
    );
    expect(applied.applied).toEqual(['001_notes.sql']);
    const ada = '00000000-0000-4000-8000-00000000ada0';
    const bob = '00000000-0000-4000-8000-00000000b0b0';
    await databases.use(projectId, 'development', async (db) => {
      await db.asOwner((sql) =>
        sql.query('insert into public.notes (owner, body) values ($1, $2), ($3, $4)', [
          ada,
          'Ada’s',
          bob,
          'Bob’s',
        ]),
      );
    });
    // Production is the same attached database: its migrations are already there.
    const seen = await databases.use(projectId, 'production', async (db) => {
      expect((await appliedMigrations(db)).map((row) => row.name)).toEqual(['001_notes.sql']);
      return db.asCaller('authenticated', { sub: ada, role: 'authenticated' })((sql) =>
        sql.query<{ body: string }>('select body from public.notes'),
      );
    });
    expect(seen.rows).toEqual([{ body: 'Ada’s' }]);
  });

  it('is never snapshotted or restored by Mason', async () => {
    const databases = attached();
    await expect(databases.snapshot(projectId, 'development')).rejects.toBeInstanceOf(
      AttachedDatabaseError,
    );
    await expect(databases.restore(projectId, 'development', 'x')).rejects.toBeInstanceOf(
      AttachedDatabaseError,
    );
  });
});
