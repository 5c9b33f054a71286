import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { signUp } from './accounts';
import { projectPreview, requestAsHost } from './preview-host';
import type { ScriptedTestApp } from './scripted-test-app';
import { allLogs, createProject, waitForTask } from './task-loop';

/**
 * A fetch for @supabase/supabase-js in a server test: each request goes to the test server at
 * 127.0.0.1:`port` with the Host header of its URL (a preview or app host), as a browser that
 * resolves *.localhost would send it.
 */
export function hostFetch(port: number): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body === null ? undefined : await request.text();
    const answer = await requestAsHost(port, request.url, {
      method: request.method,
      headers,
      body,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined)
        responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const empty = answer.status === 204 || answer.status === 304 || request.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(answer.bytes), {
      status: answer.status,
      headers: responseHeaders,
    });
  };
}

/**
 * A migration the scripted assistant applies: notes that each app user sees only their own, and
 * a table nobody wrote rules for.
 */
export const NOTES_MIGRATION = `create table notes (
  id bigint generated always as identity primary key,
  user_id uuid not null default auth.uid() references auth.users (id),
  body text not null
);
alter table notes enable row level security;
create policy "own notes" on notes for all to authenticated
  using (user_id = auth.uid()) with check (user_id = auth.uid());
create table audit (id int primary key, entry text);
`;

/** An app that shows the data API's address and key Mason set for it. */
export const ENV_APP = `export function App() {
  return (
    <main>
      <p>{import.meta.env.VITE_SUPABASE_URL}</p>
      <p>{import.meta.env.VITE_SUPABASE_ANON_KEY}</p>
    </main>
  );
}
`;

/** A turn that makes, snapshots (time travel) and migrates a PGlite database, on a busy machine. */
export const DATABASE_TURN_MS = 240_000;

/**
 * Waits for the task's turn to end with a version newer than `previousVersionId` (any, when
 * null) and returns the task; a turn that ends otherwise (failed, paused, no new version) throws
 * at once with its state and its last log entries, instead of the wait running out.
 */
export async function turnWithNewVersion(
  env: ScriptedTestApp,
  token: string,
  taskId: string,
  previousVersionId: string | null = null,
) {
  const ended = await waitForTask(
    env.server,
    token,
    taskId,
    (task) =>
      task.state === 'FAILED' ||
      task.pauseReason !== null ||
      (task.state === 'COMPLETED' && task.latestVersionId !== previousVersionId),
    DATABASE_TURN_MS,
  );
  if (ended.state === 'COMPLETED' && ended.pauseReason === null) return ended;
  const logs = (await allLogs(env.server, token, taskId)).slice(-6);
  const told = logs.map((log) => `${log.type}: ${JSON.stringify(log.content).slice(0, 300)}`);
  throw new Error(
    `The turn ended ${ended.state}/${ended.pauseReason} without a new version:\n${told.join('\n')}`,
  );
}

/**
 * A new person's project whose scripted assistant turned the database on, wrote and applied
 * `migration` (db/migrations/001_notes.sql) and wrote ENV_APP; with the data API's address and
 * anon key its preview's bundle was built with.
 */
export async function projectWithDatabase(env: ScriptedTestApp, migration = NOTES_MIGRATION) {
  const { token } = await signUp(env.server);
  env.model.enqueue(
    { toolCalls: [{ name: 'enable_database', input: {} }] },
    {
      toolCalls: [
        { name: 'write_file', input: { path: 'db/migrations/001_notes.sql', content: migration } },
        { name: 'apply_migrations', input: {} },
      ],
    },
    { toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: ENV_APP } }] },
    { text: 'Your notes are kept now, each person sees their own.' },
  );
  const { project, firstTask } = await createProject(env.server, token, 'A notes app');
  await turnWithNewVersion(env, token, firstTask.id);
  const preview = await projectPreview(env.server, token, project.id);
  const page = await requestAsHost(env.port, preview.url);
  const bundlePath = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const bundle = (await requestAsHost(env.port, new URL(bundlePath, preview.url).toString())).body;
  const url = /"(https?:\/\/p-[0-9a-f-]{36}\.[^"]+)"/.exec(bundle)?.[1] ?? '';
  const anonKey = /"(eyJ[\w-]+\.[\w-]+\.[\w-]+)"/.exec(bundle)?.[1] ?? '';
  return { token, project, firstTask, url, anonKey };
}

/** @supabase/supabase-js on an app's data API, through the test server. */
export function appClient(port: number, url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    global: { fetch: hostFetch(port) },
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A new app user signed up (and in) with @supabase/supabase-js. */
export async function signUpAppUser(port: number, url: string, anonKey: string, label: string) {
  const supabase = appClient(port, url, anonKey);
  const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { data, error } = await supabase.auth.signUp({ email, password: 'app-user-password-1' });
  if (error || !data.user) throw new Error(`the app user could not sign up: ${error?.message}`);
  return { supabase, id: data.user.id, email };
}
