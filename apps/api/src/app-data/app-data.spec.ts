import fs from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type {
  ProductionBackupsResponse,
  ProjectDatabaseResponse,
  RevertTaskResponse,
  TaskVersionsResponse,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import {
  appClient,
  ENV_APP,
  hostFetch,
  NOTES_MIGRATION,
  projectWithDatabase,
  signUpAppUser,
  turnWithNewVersion,
} from '../test-utils/app-data';
import { projectPreview, requestAsHost } from '../test-utils/preview-host';
import { publishAndWait } from '../test-utils/publishing';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { allLogs, createProject, eventually, waitForTask } from '../test-utils/task-loop';

// Each test makes projects whose turns make and migrate databases: minutes on a busy machine.
jest.setTimeout(10 * 60_000);

describe('apps that remember: the database, sign-in and data API on the preview host', () => {
  // Opening a new PGlite database keeps the process busy for seconds on a loaded machine: the
  // turn's lease (10 s in tests) must outlast it, or the turn is taken away and retried.
  const env = useScriptedTestApp({ turnLeaseSeconds: 120 });

  const projectWithNotes = () => projectWithDatabase(env);

  /** The data API's address and anon key the bundle of a page at `pageUrl` was built with. */
  async function builtKeys(pageUrl: string) {
    const page = await requestAsHost(env.port, pageUrl);
    const bundlePath = /<script type="module"[^>]* src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const bundle = (await requestAsHost(env.port, new URL(bundlePath, pageUrl).toString())).body;
    return {
      url: /"(https?:\/\/[a-z0-9.-]+(?::\d+)?)"/.exec(bundle)?.[1] ?? '',
      anonKey: /"(eyJ[\w-]+\.[\w-]+\.[\w-]+)"/.exec(bundle)?.[1] ?? '',
    };
  }

  const client = (url: string, key: string) => appClient(env.port, url, key);
  const appUser = (url: string, key: string, label: string) =>
    signUpAppUser(env.port, url, key, label);

  it('builds the address and anon key into the app once the assistant turns the database on', async () => {
    const { token, project, url, anonKey } = await projectWithNotes();
    const database = await env.server.request<ProjectDatabaseResponse>(
      'GET',
      `/api/projects/${project.id}/database`,
      { token },
    );
    expect(database.body.database).toMatchObject({
      provider: 'MASON',
      envKeys: ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'],
    });
    expect(url).toBe(new URL(database.body.database?.developmentUrl ?? '').origin);
    expect(anonKey).not.toBe('');
  });

  it('runs @supabase/supabase-js: sign-up and sign-in, each app user sees only their own rows, a table without rules is refused', async () => {
    const { url, anonKey } = await projectWithNotes();
    const alice = await appUser(url, anonKey, 'alice');
    const bob = await appUser(url, anonKey, 'bob');

    const inserted = await alice.supabase
      .from('notes')
      .insert({ body: 'Alice’s note' })
      .select()
      .single();
    expect(inserted.error).toBeNull();
    expect(inserted.data).toMatchObject({ body: 'Alice’s note', user_id: alice.id });
    expect((await bob.supabase.from('notes').insert({ body: 'Bob’s note' })).error).toBeNull();

    const aliceSees = await alice.supabase.from('notes').select('body, user_id');
    expect(aliceSees.data).toEqual([{ body: 'Alice’s note', user_id: alice.id }]);
    const bobSees = await bob.supabase.from('notes').select('body').order('id');
    expect(bobSees.data).toEqual([{ body: 'Bob’s note' }]);
    // Nobody signed in: the rule is for signed-in users, so nothing shows.
    expect((await client(url, anonKey).from('notes').select('*')).data).toEqual([]);
    // Bob cannot write a note as Alice, nor change hers.
    const forged = await bob.supabase.from('notes').insert({ body: 'forged', user_id: alice.id });
    expect(forged.error?.code).toBe('42501');
    await bob.supabase.from('notes').update({ body: 'changed by Bob' }).eq('user_id', alice.id);
    expect((await alice.supabase.from('notes').select('body')).data).toEqual([
      { body: 'Alice’s note' },
    ]);

    const audit = await alice.supabase.from('audit').select('*');
    expect(audit.status).toBe(403);
    expect(audit.error?.message).toContain('audit');

    const badFilter = await alice.supabase.from('notes').select('*').filter('body', 'nope', 'x');
    expect(badFilter.status).toBe(400);

    // Signed in again with the password: the same user, the same notes.
    const again = client(url, anonKey);
    const email = (await alice.supabase.auth.getUser()).data.user?.email ?? '';
    const signedIn = await again.auth.signInWithPassword({
      email,
      password: 'app-user-password-1',
    });
    expect(signedIn.error).toBeNull();
    expect((await again.from('notes').select('body')).data).toEqual([{ body: 'Alice’s note' }]);
    expect((await again.auth.signOut()).error).toBeNull();
  });

  it('keeps projects apart: another app’s key or user token opens nothing here', async () => {
    const first = await projectWithNotes();
    const second = await projectWithNotes();
    const foreignKey = await client(first.url, second.anonKey).from('notes').select('*');
    expect(foreignKey.status).toBe(401);
    const secondUser = await appUser(second.url, second.anonKey, 'carol');
    const session = (await secondUser.supabase.auth.getSession()).data.session;
    const onFirst = createClient(first.url, first.anonKey, {
      global: {
        fetch: hostFetch(env.port),
        headers: { Authorization: `Bearer ${session?.access_token ?? ''}` },
      },
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect((await onFirst.from('notes').select('*')).status).toBe(401);
    // Carol's notes are in the second project's database only.
    expect((await secondUser.supabase.from('notes').insert({ body: 'Carol’s' })).error).toBeNull();
    const firstUser = await appUser(first.url, first.anonKey, 'dave');
    expect((await firstUser.supabase.from('notes').select('body')).data).toEqual([]);
  });

  it('answers 404 while the database is off, and GET /database says so', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueue({ text: 'Made.' });
    const { project, firstTask } = await createProject(env.server, token, 'No data');
    await waitForTask(env.server, token, firstTask.id);
    const database = await env.server.request<ProjectDatabaseResponse>(
      'GET',
      `/api/projects/${project.id}/database`,
      { token },
    );
    expect(database.body).toEqual({ database: null });
    const preview = await projectPreview(env.server, token, project.id);
    const answer = await requestAsHost(
      env.port,
      new URL('/rest/v1/notes', preview.url).toString(),
      {
        headers: { apikey: 'anything' },
      },
    );
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toMatchObject({ message: 'This app has no database.' });
  });

  it('publishes into a production database of its own, and a migration that fails there fails the publish and changes nothing served', async () => {
    const { token, project, firstTask, url: devUrl, anonKey: devKey } = await projectWithNotes();
    const developer = await appUser(devUrl, devKey, 'erin');
    expect((await developer.supabase.from('notes').insert({ body: 'dev only' })).error).toBeNull();

    const published = await publishAndWait(env.server, token, project.id);
    const production = await builtKeys(published.url ?? '');
    expect(production.url).toBe(new URL(published.url ?? '').origin);
    expect(production.anonKey).not.toBe(devKey);
    // The same tables, none of the preview's data, and users of its own.
    const customer = await appUser(production.url, production.anonKey, 'frank');
    expect((await customer.supabase.from('notes').select('body')).data).toEqual([]);
    const long = 'a note far longer than twenty characters';
    expect((await customer.supabase.from('notes').insert({ body: long })).error).toBeNull();
    const devUserOnProduction = await client(
      production.url,
      production.anonKey,
    ).auth.signInWithPassword({
      email: (await developer.supabase.auth.getUser()).data.user?.email ?? '',
      password: 'app-user-password-1',
    });
    expect(devUserOnProduction.error?.code).toBe('invalid_credentials');

    // A rule the preview's data meets and production's does not.
    const CHECK = 'alter table notes add constraint short_notes check (length(body) <= 20);\n';
    env.model.enqueue(
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'db/migrations/002_short_notes.sql', content: CHECK },
          },
          { name: 'apply_migrations', input: {} },
        ],
      },
      { text: 'Notes are short now.' },
    );
    const before = await env.server.request<{ latestVersionId: string }>(
      'GET',
      `/api/tasks/${firstTask.id}`,
      { token },
    );
    const sent = await env.server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
      token,
      body: { content: 'Keep notes short.' },
    });
    expect(sent.status).toBe(201);
    await turnWithNewVersion(env, token, firstTask.id, before.body.latestVersionId);
    const queued = await env.server
      .as(token)
      .post<{ id: string }>(`/api/projects/${project.id}/deployment`, {});
    expect(queued.status).toBe(201);
    const failed = await eventually('the publish to fail', async () => {
      const answer = await env.server.as(token).get<{
        deployment: { id: string; status: string; error: string | null } | null;
        live: { id: string } | null;
      }>(`/api/projects/${project.id}/deployment`);
      return answer.body.deployment?.id === queued.body.id &&
        answer.body.deployment.status === 'FAILED'
        ? answer.body
        : undefined;
    });
    expect(failed.deployment?.error).toMatch(
      /^The database migration failed: db\/migrations\/002_short_notes\.sql:1: .*short_notes/,
    );
    expect(failed.live?.id).toBe(published.live?.id);
    // The task that made the version says so, with the file and line, and waits for the person.
    const paused = await waitForTask(
      env.server,
      token,
      firstTask.id,
      (task) => task.pauseReason === 'FAILED_DEPLOYMENT',
    );
    expect(paused.pauseReason).toBe('FAILED_DEPLOYMENT');
    const card = (await allLogs(env.server, token, firstTask.id)).find(
      (log) => log.type === 'NEEDS_ATTENTION',
    );
    expect(card?.content).toMatch(/its database migration stopped on the production database/);
    expect(card?.content).toContain('db/migrations/002_short_notes.sql:1:');
    // Production kept its rows and its rules: a long note still goes in.
    expect((await customer.supabase.from('notes').insert({ body: long })).error).toBeNull();
    expect((await customer.supabase.from('notes').select('body')).data).toHaveLength(2);
  });

  it('backs the production database up before a publish migrates it, and Restore brings a backup back (undoable)', async () => {
    const { token, project, url: devUrl, anonKey: devKey } = await projectWithNotes();
    const published = await publishAndWait(env.server, token, project.id);
    const production = await builtKeys(published.url ?? '');
    const customer = await appUser(production.url, production.anonKey, 'gina');
    expect((await customer.supabase.from('notes').insert({ body: 'live data' })).error).toBeNull();
    const backupsOf = async () =>
      (
        await env.server
          .as(token)
          .get<ProductionBackupsResponse>(`/api/projects/${project.id}/database/backups`)
      ).body.backups;
    const [beforePublish, ...older] = await backupsOf();
    expect(older).toEqual([]);
    expect(beforePublish).toMatchObject({
      reason: 'BEFORE_PUBLISH',
      deploymentId: published.live?.id,
      versionIndex: published.live?.versionIndex,
    });
    // Publishing the same version again migrates nothing, so it takes no backup.
    await publishAndWait(env.server, token, project.id);
    expect(await backupsOf()).toHaveLength(1);

    const restore = (backupId: string) =>
      env.server
        .as(token)
        .post<ProductionBackupsResponse>(
          `/api/projects/${project.id}/database/backups/${backupId}/restore`,
          {},
        );
    // Back to before the first publish: no notes table, no app users.
    const restored = await restore(beforePublish?.id ?? '');
    expect(restored.status).toBe(200);
    expect(restored.body.backups.map((backup) => backup.reason)).toEqual([
      'BEFORE_RESTORE',
      'BEFORE_PUBLISH',
    ]);
    const anonymous = client(production.url, production.anonKey);
    expect((await anonymous.from('notes').select('*')).status).toBe(404);
    // The restore is undone by restoring the backup it took: the customer's note is back.
    expect((await restore(restored.body.backups[0]?.id ?? '')).status).toBe(200);
    const again = client(production.url, production.anonKey);
    const signedIn = await again.auth.signInWithPassword({
      email: customer.email,
      password: 'app-user-password-1',
    });
    expect(signedIn.error).toBeNull();
    expect((await again.from('notes').select('body')).data).toEqual([{ body: 'live data' }]);
    // The preview's database was never touched by any of it.
    expect((await client(devUrl, devKey).from('notes').select('*')).status).toBe(200);
    const { token: stranger } = await signUp(env.server);
    expect(
      (await env.server.as(stranger).get(`/api/projects/${project.id}/database/backups`)).status,
    ).toBe(404);
    expect((await restore('not-a-backup')).status).toBe(404);
    expect(await backupsOf()).toHaveLength(3);
  });

  it('travels in time: reverting the preview brings the schema and rows back, and going forward again loses nothing', async () => {
    // Version 1 has no database; version 2 turns it on and migrates it.
    const { token } = await signUp(env.server);
    env.model.enqueue(
      { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: ENV_APP } }] },
      { text: 'A page.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A page');
    const pageTask = await turnWithNewVersion(env, token, firstTask.id);
    env.model.enqueue(
      { toolCalls: [{ name: 'enable_database', input: {} }] },
      {
        toolCalls: [
          {
            name: 'write_file',
            input: { path: 'db/migrations/001_notes.sql', content: NOTES_MIGRATION },
          },
          { name: 'apply_migrations', input: {} },
        ],
      },
      { text: 'Notes are kept now.' },
    );
    const sent = await env.server.request('POST', `/api/tasks/${firstTask.id}/logs`, {
      token,
      body: { content: 'Keep notes.' },
    });
    expect(sent.status).toBe(201);
    await turnWithNewVersion(env, token, firstTask.id, pageTask.latestVersionId);
    const [first, second, ...more] = (
      await env.server.as(token).get<TaskVersionsResponse>(`/api/tasks/${firstTask.id}/versions`)
    ).body.versions;
    expect(more).toEqual([]);
    expect([first?.index, second?.index]).toEqual([1, 2]);
    const { url, anonKey } = await builtKeys(
      (await projectPreview(env.server, token, project.id)).url,
    );
    const alice = await appUser(url, anonKey, 'grace');
    const email = (await alice.supabase.auth.getUser()).data.user?.email ?? '';
    expect((await alice.supabase.from('notes').insert({ body: 'kept' })).error).toBeNull();
    const revert = async (versionId: string) => {
      const answer = await env.server
        .as(token)
        .post<RevertTaskResponse>(`/api/tasks/${firstTask.id}/revert`, { versionId });
      expect({ status: answer.status, body: answer.status === 200 ? null : answer.body }).toEqual({
        status: 200,
        body: null,
      });
      return answer.body;
    };

    // Back to version 1: the database as it was before its first migration.
    await revert(first?.versionId ?? '');
    expect((await client(url, anonKey).from('notes').select('*')).status).toBe(404);
    const gone = await client(url, anonKey).auth.signInWithPassword({
      email,
      password: 'app-user-password-1',
    });
    expect(gone.error?.code).toBe('invalid_credentials');

    // Forward to version 2: its table, its user and their note are all there again.
    await revert(second?.versionId ?? '');
    const again = client(url, anonKey);
    const signedIn = await again.auth.signInWithPassword({
      email,
      password: 'app-user-password-1',
    });
    expect(signedIn.error).toBeNull();
    expect((await again.from('notes').select('body')).data).toEqual([{ body: 'kept' }]);
  });

  it('deletes the app’s databases with the project', async () => {
    const { token, project, url, anonKey } = await projectWithNotes();
    const folder = path.join(env.server.config.appData.appDataDir, 'app-data', project.id);
    expect(fs.existsSync(folder)).toBe(true);
    const deleted = await env.server.request('DELETE', `/api/projects/${project.id}`, { token });
    expect(deleted.status).toBe(200);
    await env.server.app.idle();
    expect(fs.existsSync(folder)).toBe(false);
    expect((await client(url, anonKey).from('notes').select('*')).status).toBe(404);
  });
});
