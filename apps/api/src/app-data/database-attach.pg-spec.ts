// Attaching a database service over real HTTP, against the test run's PostgreSQL server
// (TEST_DATABASE_URL): the role mason_password_check logs in by password there (.ci/run adds its
// pg_hba rule). Supabase's own servers cannot be reached here: its project's database is this
// server too (the setting a Supabase project's database host comes from points at it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ErrorMessages,
  type ApiErrorBody,
  type DatabaseAttachResponse,
  type DatabaseTablesResponse,
  type ProjectDatabaseResponse,
  type ProjectsResponse,
  type RevertTaskResponse,
  type TaskVersionsResponse,
  type SupabaseAuthorizeUrlResponse,
  type SupabaseIntegrationResponse,
  type SupabaseProjectsResponse,
} from '@mason/contract';
import { projectDatabases } from '@mason/server-db';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { signUp } from '../test-utils/accounts';
import { startSupabaseStandIn, type SupabaseStandIn } from '@mason/server-supabase/testing';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import type { TestConfigOverrides } from '../test-utils/test-app';
import { turnWithNewVersion } from '../test-utils/app-data';
import { allLogs, readyProject } from '../test-utils/task-loop';

const serverUrl = process.env['TEST_DATABASE_URL'];
if (!serverUrl) throw new Error('database-attach.pg-spec.ts needs TEST_DATABASE_URL.');
const port = Number(new URL(serverUrl).port || 5432);
const ROLE = 'mason_password_check';
const PASSWORD = 'right horse battery staple';
const database = `mason_attach_${randomBytes(4).toString('hex')}`;
const REF = 'abcdefghijklmnopqrst';
const ANON_KEY = 'sb_publishable_attach_test';
const admin = new pg.Client({ connectionString: serverUrl });

const postgresUrl = (password: string, host = '127.0.0.1') =>
  `postgres://${ROLE}:${encodeURIComponent(password)}@${host}:${port}/${database}?sslmode=disable`;
const supabase = (databasePassword: string) => ({
  provider: 'SUPABASE',
  projectUrl: `https://${REF}.supabase.co`,
  anonKey: ANON_KEY,
  databasePassword,
});

describe('attaching a database service to a project', () => {
  let supabaseApi: SupabaseStandIn;
  const overrides: TestConfigOverrides = {
    appData: {
      appDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mason-app-data-')),
      appsDatabaseUrl: null,
      attach: {
        allowLoopback: true,
        supabaseHost: { host: '127.0.0.1', port, ssl: 'disable', user: ROLE, database },
      },
    },
  };
  // Before the server starts (hooks run in order): Supabase's Management API, on loopback.
  beforeAll(async () => {
    supabaseApi = await startSupabaseStandIn({
      projects: [{ ref: REF, name: 'Notes', anonKey: ANON_KEY }],
    });
    overrides.supabase = {
      clientId: supabaseApi.clientId,
      clientSecret: supabaseApi.clientSecret,
      apiUrl: supabaseApi.apiUrl,
    };
  });
  afterAll(() => supabaseApi.close());
  const env = useScriptedTestApp(overrides);
  let token: string;
  let projectId: string;
  const attach = (body: unknown, as = token) =>
    env.server.request<DatabaseAttachResponse | ApiErrorBody>(
      'POST',
      `/api/projects/${projectId}/supabase/attach`,
      { token: as, body },
    );
  const current = async () =>
    (
      await env.server.request<ProjectDatabaseResponse>(
        'GET',
        `/api/projects/${projectId}/database`,
        {
          token,
        },
      )
    ).body.database;
  const detach = () =>
    env.server.request<ProjectDatabaseResponse | ApiErrorBody>(
      'DELETE',
      `/api/projects/${projectId}/database/attachment`,
      { token },
    );

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`do $$ begin create role ${ROLE} login;
      exception when duplicate_object or unique_violation then null; end $$`);
    await admin.query(`alter role ${ROLE} with login createrole password '${PASSWORD}'`);
    await admin.query(`create database ${database} owner ${ROLE}`);
    for (const role of ['anon', 'authenticated'])
      await admin.query(`do $$ begin create role ${role} nologin;
        exception when duplicate_object or unique_violation then null; end $$`);
    ({ token } = await signUp(env.server));
    ({
      project: { id: projectId },
    } = await readyProject(env.server, env.model, token));
  });

  afterAll(async () => {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  });

  it('refuses a wrong password with the catalogue’s message at the password field, and changes nothing', async () => {
    const refused = await attach(supabase('not the password'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: ErrorMessages.databasePasswordInvalid,
      fieldErrors: { databasePassword: ErrorMessages.databasePasswordInvalid },
    });
    const viaUrl = await attach({ provider: 'POSTGRES', connectionUrl: postgresUrl('nope') });
    expect(viaUrl.body).toMatchObject({
      message: ErrorMessages.databasePasswordInvalid,
      fieldErrors: { connectionUrl: ErrorMessages.databasePasswordInvalid },
    });
    expect(await current()).toBeNull();
  });

  it('refuses a private address before connecting, and a key that would bypass row rules', async () => {
    const privateHost = await attach({
      provider: 'POSTGRES',
      connectionUrl: postgresUrl(PASSWORD, '192.168.10.20'),
    });
    expect(privateHost.status).toBe(400);
    expect((privateHost.body as ApiErrorBody).message).toContain('private network address');
    const serviceKey = await attach({ ...supabase(PASSWORD), anonKey: 'sb_secret_abc' });
    expect(serviceKey.status).toBe(400);
    expect((serviceKey.body as ApiErrorBody).fieldErrors).toHaveProperty('anonKey');
    expect(await current()).toBeNull();
  });

  it('attaches a Supabase project: the app reads it at its own URL, and no secret is answered or kept in clear', async () => {
    const attached = await attach(supabase(PASSWORD));
    expect(attached.status).toBe(200);
    expect((attached.body as DatabaseAttachResponse).database).toMatchObject({
      provider: 'SUPABASE',
      developmentUrl: `https://${REF}.supabase.co`,
      envKeys: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
      attachment: { host: `127.0.0.1:${port}`, database, user: ROLE, projectRef: REF },
    });
    expect(JSON.stringify(attached.body)).not.toContain(PASSWORD);
    const [row] = await env.server.database.db
      .select()
      .from(projectDatabases)
      .where(eq(projectDatabases.projectId, projectId));
    expect(row?.provider).toBe('SUPABASE');
    expect(row?.attachment).not.toContain(PASSWORD);
    expect(row?.attachment).not.toContain(ANON_KEY);
  });

  it('shows the attached database’s tables in the Database view, and detaching deletes nothing', async () => {
    const app = new pg.Client({ connectionString: postgresUrl(PASSWORD) });
    await app.connect();
    await app.query('create table if not exists public.orders (id int primary key, total numeric)');
    await app.query('insert into public.orders values (1, 9.5) on conflict do nothing');
    const tables = await env.server.request<DatabaseTablesResponse>(
      'GET',
      `/api/projects/${projectId}/database/tables`,
      { token },
    );
    expect(tables.status).toBe(200);
    expect(tables.body.tables.map((table) => [table.name, table.rowCount])).toContainEqual([
      'orders',
      1,
    ]);
    const { rows: bookkeeping } = await app.query<{ name: string }>(
      `select table_name as name from information_schema.tables where table_schema = 'mason' order by 1`,
    );
    expect(bookkeeping.map((entry) => entry.name)).toEqual(['bootstrap_steps', 'migrations']);

    const detached = await detach();
    expect(detached.status).toBe(200);
    expect(detached.body).toEqual({ database: null });
    const { rows } = await app.query('select * from public.orders');
    expect(rows).toHaveLength(1);
    await app.end();
    const again = await detach();
    expect(again.status).toBe(409);
  });

  it('attaches a PostgreSQL database by URL, and another person cannot attach to this project', async () => {
    const attached = await attach({ provider: 'POSTGRES', connectionUrl: postgresUrl(PASSWORD) });
    expect(attached.status).toBe(200);
    expect((attached.body as DatabaseAttachResponse).database).toMatchObject({
      provider: 'POSTGRES',
      attachment: { host: `127.0.0.1:${port}`, database, user: ROLE, projectRef: null },
    });
    // The person's project list says which service the project uses, without a secret.
    const listed = async () =>
      (
        await env.server.request<ProjectsResponse>('GET', '/api/projects', { token })
      ).body.projects.find((project) => project.id === projectId);
    expect((await listed())?.database).toEqual({
      host: `127.0.0.1:${port}`,
      database,
      user: ROLE,
      projectRef: null,
    });
    const stranger = await signUp(env.server);
    const refused = await attach(
      { provider: 'POSTGRES', connectionUrl: postgresUrl(PASSWORD) },
      stranger.token,
    );
    expect(refused.status).toBe(404);
    expect((await current())?.provider).toBe('POSTGRES');
  });

  it('attaches a project of the person’s connected Supabase account by choosing it', async () => {
    expect((await detach()).status).toBe(200);
    const listed = await env.server.request<ProjectsResponse>('GET', '/api/projects', { token });
    expect(listed.body.projects.find((project) => project.id === projectId)?.database).toBeNull();
    const as = env.server.as(token);
    const { url, state } = (
      await as.get<SupabaseAuthorizeUrlResponse>('/api/supabase/authorize-url')
    ).body;
    // The person approves on Supabase's page, which sends them back to Mason's redirect screen.
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    expect(back.pathname).toBe('/integrations/supabase/redirect');
    const connected = await as.post<SupabaseIntegrationResponse>('/api/supabase/access-code', {
      state,
      code: back.searchParams.get('code'),
    });
    expect(connected.body.connection).not.toBeNull();
    expect(
      (await as.get<SupabaseProjectsResponse>('/api/supabase/projects')).body.projects,
    ).toEqual([{ ref: REF, name: 'Notes', region: 'eu-central-1', status: 'ACTIVE_HEALTHY' }]);

    const unknown = await attach({
      provider: 'SUPABASE_ACCOUNT',
      projectRef: 'zzzzzzzzzzzzzzzzzzzz',
      databasePassword: PASSWORD,
    });
    expect(unknown.status).toBe(400);
    expect((unknown.body as ApiErrorBody).fieldErrors).toHaveProperty('projectRef');
    const wrong = await attach({
      provider: 'SUPABASE_ACCOUNT',
      projectRef: REF,
      databasePassword: 'x',
    });
    expect((wrong.body as ApiErrorBody).fieldErrors).toEqual({
      databasePassword: ErrorMessages.databasePasswordInvalid,
    });

    const attached = await attach({
      provider: 'SUPABASE_ACCOUNT',
      projectRef: REF,
      databasePassword: PASSWORD,
    });
    expect(attached.status).toBe(200);
    expect((attached.body as DatabaseAttachResponse).database).toMatchObject({
      provider: 'SUPABASE',
      developmentUrl: `https://${REF}.supabase.co`,
      attachment: { projectRef: REF },
    });
    // Mason read the anon key from Supabase's Management API.
    expect(supabaseApi.requests).toContain(`GET /v1/projects/${REF}/api-keys`);
  });

  it('reverting takes an attached database’s schema back by the migrations’ undo files, and forward again', async () => {
    const other = `${database}_tt`;
    await admin.query(`create database ${other} owner ${ROLE}`);
    const app = new pg.Client({
      connectionString: `postgres://${ROLE}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${other}`,
    });
    app.on('error', () => undefined);
    try {
      const person = await signUp(env.server);
      const { project, task: firstTask } = await readyProject(env.server, env.model, person.token);
      const url = `postgres://${ROLE}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${port}/${other}?sslmode=disable`;
      const attached = await env.server.request(
        'POST',
        `/api/projects/${project.id}/supabase/attach`,
        {
          token: person.token,
          body: { provider: 'POSTGRES', connectionUrl: url },
        },
      );
      expect(attached.status).toBe(200);
      await app.connect();
      const tables = async () =>
        (
          await app.query<{ name: string }>(
            `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
          )
        ).rows.map((row) => row.name);
      const turn = async (files: Record<string, string>, previous: string | null) => {
        env.model.enqueue(
          {
            toolCalls: [
              ...Object.entries(files).map(([path, content]) => ({
                name: 'write_file',
                input: { path, content },
              })),
              { name: 'apply_migrations', input: {} },
            ],
          },
          { text: 'Done.' },
        );
        const sent = await env.server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
          token: person.token,
          body: { content: 'Keep orders.' },
        });
        expect(sent.status).toBe(201);
        return turnWithNewVersion(env, person.token, firstTask.id, previous);
      };
      const versions = async () =>
        (
          await env.server
            .as(person.token)
            .get<TaskVersionsResponse>(`/api/tasks/${firstTask.id}/versions`)
        ).body.versions;
      const revert = (versionId: string) =>
        env.server
          .as(person.token)
          .post<RevertTaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/revert`, {
            versionId,
          });

      const pageTurn = await turn(
        { 'src/App.tsx': 'export function App() { return <main>Orders</main>; }' },
        null,
      );
      const before = (await versions()).at(-1);
      const ordersTurn = await turn(
        {
          'db/migrations/001_orders.sql':
            'create table orders (id int primary key, total numeric);',
          'db/migrations/001_orders.down.sql': 'drop table orders;',
        },
        pageTurn.latestVersionId,
      );
      expect(await tables()).toEqual(['orders']);
      await app.query('insert into orders values (1, 9.5)');
      const withOrders = (await versions()).at(-1);

      // Back: the undo ran on the attached database; the version says so.
      const back = await revert(before?.versionId ?? '');
      expect(back.status).toBe(200);
      expect(await tables()).toEqual([]);
      const note = JSON.stringify(await allLogs(env.server, person.token, firstTask.id));
      expect(note).toContain("the attached database's schema too");
      // Forward: the table is made again; its row was the attached database's, and is gone.
      expect((await revert(withOrders?.versionId ?? '')).status).toBe(200);
      expect(await tables()).toEqual(['orders']);
      expect((await app.query('select * from orders')).rows).toEqual([]);

      // A migration without an undo: the revert is refused and nothing changes.
      await turn(
        { 'db/migrations/002_tags.sql': 'create table tags (name text primary key);' },
        ordersTurn.latestVersionId,
      );
      const refused = await revert(withOrders?.versionId ?? '');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain('db/migrations/002_tags.down.sql');
      expect(await tables()).toEqual(['orders', 'tags']);
    } finally {
      await app.end().catch(() => undefined);
      await admin.query(`drop database if exists ${other} with (force)`);
    }
  });
});
