import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import {
  DeploymentResponseSchema,
  DeploymentSchema,
  type ApiErrorBody,
  type Deployment,
  type DeploymentResponse,
  type TaskLogsResponse,
} from '@mason/contract';
import { blobs, deployments, tasks, type VersionManifest } from '@mason/server-db';
import { VersionStore, putBlobs } from '@mason/server-workspace';
import { count, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { requestAsHost } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { readyProject, requestText, waitForTask } from '../test-utils/task-loop';
import { eventually } from '../test-utils/waits';
import { fuzzApi } from '../test-utils/security/api-fuzzer';
import { databaseDigest } from '../test-utils/security/database-digest';
import { previewHostSender } from '../test-utils/security/preview-host-fuzz';
import { judgePublicAppAnswer, PUBLIC_APP_DOCUMENT } from '../test-utils/security/public-app-fuzz';

/** FUZZ_RUNS=500 FUZZ_SEED=7: a longer run, another seed (as api-fuzz.spec.ts). */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 50);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261124);

describe('publishing', () => {
  const env = useScriptedTestApp();

  const appHost = (slug: string) => `${slug}.${env.server.config.appsDomain}`;
  const fetchApp = (slug: string, pathname = '/', headers: Record<string, string> = {}) =>
    requestAsHost(env.port, `http://${appHost(slug)}${pathname}`, { headers });

  async function getDeployment(token: string, projectId: string): Promise<DeploymentResponse> {
    const answer = await env.server
      .as(token)
      .get<DeploymentResponse & ApiErrorBody>(`/api/projects/${projectId}/deployment`);
    expect(answer.status).toBe(200);
    return z.parse(DeploymentResponseSchema, answer.body);
  }

  async function publish(token: string, projectId: string, body: object = {}): Promise<Deployment> {
    const answer = await env.server
      .as(token)
      .post<Deployment & ApiErrorBody>(`/api/projects/${projectId}/deployment?newApi=true`, body);
    expect(answer.status).toBe(201);
    return z.parse(DeploymentSchema, answer.body);
  }

  /** Waits until the deployment is done building (LIVE, FAILED or SUPERSEDED). */
  function settled(token: string, projectId: string, deploymentId: string) {
    return eventually(`deployment ${deploymentId} to finish`, async () => {
      const { history } = await getDeployment(token, projectId);
      const found = history.find((deployment) => deployment.id === deploymentId);
      return found && !['QUEUED', 'BUILDING'].includes(found.status) ? found : undefined;
    });
  }

  async function publishedProject(description = 'A counter app') {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, description);
    const queued = await publish(token, project.id);
    const live = await settled(token, project.id, queued.id);
    const state = await getDeployment(token, project.id);
    return { token, project, task, queued, live, state, slug: state.slug as string };
  }

  /** A version of the project written directly (as a turn would), made by `taskId`. */
  async function writeVersion(projectId: string, files: Record<string, string>, taskId?: string) {
    const store = new VersionStore(env.server.database.db);
    const latest = await store.latestVersion(projectId);
    const paths = Object.keys(files);
    const hashes = await putBlobs(
      env.server.database.db,
      paths.map((path) => Buffer.from(files[path] as string)),
    );
    return store.createVersion({
      projectId,
      taskId: taskId ?? null,
      manifest: {
        ...(latest?.manifest as VersionManifest),
        ...Object.fromEntries(paths.map((path, index) => [path, hashes[index] as string])),
      },
      summary: 'Edited',
    });
  }

  it('builds the newest version for production and serves it publicly at {slug}.{APPS_DOMAIN}', async () => {
    const { project, queued, live, state, slug } = await publishedProject('Habit tracker');
    expect(queued.status).toBe('QUEUED');
    expect(live.status).toBe('LIVE');
    expect(slug).toBe('habit-tracker');
    expect(state.url).toBe(`http://${appHost(slug)}/`);
    expect(state.live?.id).toBe(queued.id);
    expect(state.live?.url).toBe(state.url);
    expect(live.buildLog.some((line) => /^Built \d+ files/.test(line))).toBe(true);

    // No session and no token: anyone may open it.
    const page = await fetchApp(slug);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.body).toContain('<div id="root"></div>');
    // The page is titled with the project's name, not the starter's "My app".
    expect(project.name).toBe('Habit Tracker');
    expect(page.body).toContain('<title>Habit Tracker</title>');
    expect(page.body).not.toContain('/src/main.tsx');
    expect(page.body).not.toContain('mason-bridge');
    // React in its production build, shared by every published app through an import map.
    const reactUrl = /"react-dom\/client":"(\/assets\/runtime\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(reactUrl).toBeDefined();
    const react = await fetchApp(slug, reactUrl);
    expect(react.status).toBe(200);
    expect(react.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const script = /<script type="module" crossorigin src="(\/assets\/app-[A-Z0-9]+\.js)"/.exec(
      page.body,
    )?.[1];
    expect(script).toBeDefined();
    const bundle = await fetchApp(slug, script);
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(bundle.body).toContain('Your app starts here');
    // Minified production React, none of the preview's instrumentation.
    expect(bundle.body.split('\n').length).toBeLessThan(20);
    expect(bundle.body).not.toContain('data-mason-file');
    expect(bundle.body).not.toContain('$RefreshReg$');
    expect(bundle.body).not.toContain('jsxDEV');
    expect(bundle.body).not.toContain('mason_preview');

    // Compressed for a browser that accepts Brotli, and unchanged files answer 304.
    const compressed = await new Promise<{ encoding: string; body: Buffer; etag: string }>(
      (resolve, reject) => {
        http
          .get(
            {
              host: '127.0.0.1',
              port: env.port,
              path: script,
              headers: { host: appHost(slug), 'accept-encoding': 'gzip, br' },
            },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  encoding: String(response.headers['content-encoding']),
                  body: Buffer.concat(chunks),
                  etag: String(response.headers.etag),
                }),
              );
            },
          )
          .on('error', reject);
      },
    );
    expect(compressed.encoding).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString('utf8')).toBe(bundle.body);
    const unchanged = await fetchApp(slug, script, { 'if-none-match': compressed.etag });
    expect(unchanged.status).toBe(304);

    // Client-side routes get the app's page; a missing file is a 404.
    const route = await fetchApp(slug, '/about', { accept: 'text/html' });
    expect(route.status).toBe(200);
    expect(route.body).toBe(page.body);
    expect((await fetchApp(slug, '/assets/missing-ABC.js')).status).toBe(404);
    expect((await fetchApp(slug, '/', { 'x-ignored': '1' })).status).toBe(200);
  });

  it('publishes again without losing the address, and rolls back at once without building', async () => {
    const { token, project, live: first, slug } = await publishedProject();
    await writeVersion(project.id, {
      'src/App.tsx': 'export function App() {\n  return <h1>Second edition</h1>;\n}\n',
    });
    const second = await settled(token, project.id, (await publish(token, project.id)).id);
    expect(second.status).toBe('LIVE');
    expect(second.versionIndex).toBe(first.versionIndex + 1);

    const state = await getDeployment(token, project.id);
    expect(state.slug).toBe(slug);
    expect(state.live?.id).toBe(second.id);
    const old = state.history.find((deployment) => deployment.id === first.id);
    expect(old).toMatchObject({ status: 'SUPERSEDED', canRollBack: true, url: null });
    const served = await fetchApp(slug);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(served.body)?.[1] as string;
    expect((await fetchApp(slug, script)).body).toContain('Second edition');

    const db = env.server.database.db;
    const before = {
      deployments: (await db.select({ n: count() }).from(deployments))[0]?.n,
      blobs: (await db.select({ n: count() }).from(blobs))[0]?.n,
    };
    const rolledBack = await env.server
      .as(token)
      .post<Deployment & ApiErrorBody>(`/api/projects/${project.id}/deployment/rollback`, {
        deploymentId: first.id,
      });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body).toMatchObject({ id: first.id, status: 'LIVE', url: state.url });
    // Nothing was built: no new deployment, no new file.
    expect((await db.select({ n: count() }).from(deployments))[0]?.n).toBe(before.deployments);
    expect((await db.select({ n: count() }).from(blobs))[0]?.n).toBe(before.blobs);
    const again = await fetchApp(slug);
    const firstScript = /src="(\/assets\/[^"]+\.js)"/.exec(again.body)?.[1] as string;
    expect((await fetchApp(slug, firstScript)).body).toContain('Your app starts here');

    const afterRollback = await getDeployment(token, project.id);
    expect(afterRollback.live?.id).toBe(first.id);
    expect(afterRollback.history.find((d) => d.id === second.id)?.status).toBe('SUPERSEDED');
  });

  it('answers GET ?waitFor= once the deployment on its way is LIVE or FAILED, and any other id at once', async () => {
    const { token, project, live: first } = await publishedProject();
    const waitFor = async (id: string) => {
      const answer = await env.server
        .as(token)
        .get<DeploymentResponse>(
          `/api/projects/${project.id}/deployment?newApi=true&waitFor=${encodeURIComponent(id)}`,
        );
      expect(answer.status).toBe(200);
      return z.parse(DeploymentResponseSchema, answer.body);
    };

    await writeVersion(project.id, {
      'src/App.tsx': 'export function App() {\n  return <h1>Waited for</h1>;\n}\n',
    });
    const second = await publish(token, project.id);
    const built = await waitFor(second.id);
    expect(built.deployment).toMatchObject({ id: second.id, status: 'LIVE' });
    expect(built.live?.id).toBe(second.id);

    await writeVersion(project.id, { 'src/App.tsx': 'export function App( {\n' });
    const third = await publish(token, project.id);
    const failed = await waitFor(third.id);
    expect(failed.deployment).toMatchObject({ id: third.id, status: 'FAILED' });
    expect(failed.live?.id).toBe(second.id);

    // Ended, unknown or not a deployment id at all: the state at once.
    for (const id of [first.id, randomUUID(), 'not-a-deployment']) {
      expect((await waitFor(id)).live?.id).toBe(second.id);
    }
  });

  it('keeps serving the live build when a new one fails, and pauses the task with the errors', async () => {
    const { token, project, task, slug } = await publishedProject();
    const before = await fetchApp(slug);
    await writeVersion(
      project.id,
      { 'src/App.tsx': 'export function App() {\n  return <main>\n}\n' },
      task.id,
    );
    const failed = await settled(token, project.id, (await publish(token, project.id)).id);
    expect(failed.status).toBe('FAILED');
    expect(failed.error).toContain('src/App.tsx:3');
    expect(failed.buildLog.join('\n')).toContain('src/App.tsx:3');
    expect(failed.canRollBack).toBe(false);

    const after = await fetchApp(slug);
    expect(after.body).toBe(before.body);

    const paused = await eventually('the task to wait for the person', async () => {
      const [row] = await env.server.database.db.select().from(tasks).where(eq(tasks.id, task.id));
      return row?.pauseReason === 'FAILED_DEPLOYMENT' ? row : undefined;
    });
    expect(paused.state).toBe('IN_PROGRESS');
    const logs = await env.server
      .as(token)
      .get<TaskLogsResponse>(`/api/tasks/${task.id}/logs?limit=100`);
    const card = logs.body.logs.find((entry) => entry.type === 'NEEDS_ATTENTION');
    expect(card?.content).toContain('Publishing version');
    expect(card?.content).toContain('src/App.tsx:3');
    expect(card?.payload).toMatchObject({
      reason: 'FAILED_DEPLOYMENT',
      actions: [
        { action: 'RETRY', label: 'Fix with AI' },
        { action: 'REJECT', label: 'Dismiss' },
      ],
    });

    // "Fix with AI": the repair turn is given the build's errors.
    env.model.enqueue({ text: 'Fixed the missing closing tag.' });
    const answered = await env.server
      .as(token)
      .post(`/api/tasks/${task.id}/action`, { logId: card?.id, params: { action: 'RETRY' } });
    expect(answered.status).toBe(200);
    await waitForTask(env.server, token, task.id);
    const repair = requestText(env.model.requests.at(-1));
    expect(repair).toContain('src/App.tsx:3');
    expect(repair).toContain('builds for publishing');
  });

  it('gives the app a valid, unique name that can change; the old one redirects', async () => {
    const { token, project, slug } = await publishedProject('Mug shop');
    expect(slug).toBe('mug-shop');
    const change = (projectId: string, name: string, as = token) =>
      env.server
        .as(as)
        .post<DeploymentResponse & ApiErrorBody>(`/api/projects/${projectId}/deployment/slug`, {
          slug: name,
        });

    for (const [bad, message] of [
      ['p-shop', 'previews'],
      ['api', 'reserved'],
      ['ab', 'at least 3'],
      ['-shop', 'hyphens'],
      ['Shop Now', 'hyphens'],
    ] as const) {
      const refused = await change(project.id, bad);
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }

    const renamed = await change(project.id, 'mugs-by-hand');
    expect(renamed.status).toBe(200);
    expect(renamed.body.url).toBe(`http://${appHost('mugs-by-hand')}/`);
    expect((await fetchApp('mugs-by-hand')).status).toBe(200);
    const redirect = await fetchApp(slug, '/about?x=1');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe(`http://${appHost('mugs-by-hand')}/about?x=1`);

    // Another project named the same gets a name of its own, and cannot take either name.
    const other = await publishedProject('Mug shop');
    expect(other.slug).toBe('mug-shop-2');
    expect((await change(other.project.id, 'mug-shop', other.token)).status).toBe(409);
    expect((await change(other.project.id, 'mugs-by-hand', other.token)).status).toBe(409);
  });

  it('takes the app offline, and a rollback brings it back', async () => {
    const { token, project, live, slug, state: published } = await publishedProject();
    const listed = async () =>
      (
        await env.server
          .as(token)
          .get<{ projects: { id: string; liveUrl?: string | null }[] }>('/api/projects')
      ).body.projects.find((row) => row.id === project.id)?.liveUrl;
    expect(await listed()).toBe(published.url);
    const offline = await env.server
      .as(token)
      .delete<ApiErrorBody>(`/api/projects/${project.id}/deployment`);
    expect(offline.status).toBe(200);
    const gone = await fetchApp(slug);
    expect(gone.status).toBe(404);
    expect(gone.body).toContain('This app is not published');
    const state = await getDeployment(token, project.id);
    expect(state.live).toBeNull();
    expect(state.history[0]).toMatchObject({ id: live.id, status: 'OFFLINE', canRollBack: true });
    expect(await listed()).toBeNull();

    const back = await env.server
      .as(token)
      .post(`/api/projects/${project.id}/deployment/rollback`, { deploymentId: live.id });
    expect(back.status).toBe(200);
    expect((await fetchApp(slug)).status).toBe(200);
  });

  it('builds the VITE_ variables into the app and keeps the others on the server', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token);
    await writeVersion(project.id, {
      'src/App.tsx':
        'export function App() {\n  return <h1>{import.meta.env.VITE_GREETING} {String(import.meta.env.PROD)}</h1>;\n}\n',
    });
    for (const variable of [
      { key: 'VITE_GREETING', value: 'Hello from the build' },
      { key: 'STRIPE_SECRET', value: 'sk_live_never_in_the_browser' },
    ]) {
      expect(
        (await env.server.as(token).post(`/api/projects/${project.id}/env`, variable)).status,
      ).toBe(200);
    }
    const live = await settled(token, project.id, (await publish(token, project.id)).id);
    expect(live.status).toBe('LIVE');
    const { slug } = await getDeployment(token, project.id);
    const page = await fetchApp(slug as string);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1] as string;
    const bundle = (await fetchApp(slug as string, script)).body;
    expect(bundle).toContain('Hello from the build');
    expect(bundle).not.toContain('sk_live_never_in_the_browser');
    expect(bundle).not.toContain('STRIPE_SECRET');
  });

  it('answers 404 for another person’s project, and for a version of another project', async () => {
    const { project } = await publishedProject();
    const stranger = await signUp(env.server);
    const as = env.server.as(stranger.token);
    expect((await as.get(`/api/projects/${project.id}/deployment`)).status).toBe(404);
    expect((await as.post(`/api/projects/${project.id}/deployment`, {})).status).toBe(404);
    expect((await as.delete(`/api/projects/${project.id}/deployment`)).status).toBe(404);

    const own = await readyProject(env.server, env.model, stranger.token);
    const latest = await new VersionStore(env.server.database.db).latestVersion(project.id);
    const foreign = await as.post(`/api/projects/${own.project.id}/deployment`, {
      versionId: latest?.id,
    });
    expect(foreign.status).toBe(404);
  });

  it(
    `answers ${RUNS} bad requests per app host route without a 5xx, internals, Mason's API or a change`,
    async () => {
      const { project, slug } = await publishedProject();
      const report = await fuzzApi({
        baseUrl: env.server.baseUrl,
        document: PUBLIC_APP_DOCUMENT,
        runs: RUNS,
        seed: SEED,
        identities: [{ name: 'anyone', token: async () => undefined }],
        knownIds: [project.id],
        needsSession: () => false,
        digest: () => databaseDigest(env.server.database.db),
        settle: () => env.server.app.idle(),
        send: previewHostSender(env.port, [
          appHost(slug),
          appHost('no-such-app'),
          `${appHost(slug)}.`,
        ]),
        judge: judgePublicAppAnswer,
      });
      expect(report.failures).toEqual([]);
      expect(report.serverErrors).toBe(0);
      expect(report.requests).toBe(report.routes * RUNS);

      // Mason's own API is not reachable through an app's host.
      const me = await fetchApp(slug, '/api/users/me', { accept: 'application/json' });
      expect(me.headers['content-type']).not.toMatch(/json/);
    },
    10 * 60_000,
  );
});
