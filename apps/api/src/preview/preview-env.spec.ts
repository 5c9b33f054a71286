import type { ApiErrorBody } from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import {
  bridgeConfigOf,
  openLiveStream,
  projectPreview,
  requestAsHost,
} from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { createProject, eventually, waitForTask } from '../test-utils/task-loop';

/** An app that shows its greeting and Vite's flags, as the assistant writes it. */
const GREETING_APP = `export function App() {
  return (
    <main>
      <h1>{import.meta.env.VITE_GREETING ?? 'No greeting yet'}</h1>
      <p>Mode: {import.meta.env.MODE}, dev: {String(import.meta.env.DEV)}, prod: {String(import.meta.env.PROD)}, base: {import.meta.env.BASE_URL}</p>
    </main>
  );
}
`;

describe('the preview host: environment variables', () => {
  const env = useScriptedTestApp();
  const fetchAs = (url: string) => requestAsHost(env.port, url);

  /** A project whose assistant wrote GREETING_APP, and its preview. */
  async function greetingProject() {
    const { token } = await signUp(env.server);
    env.model.enqueue(
      {
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: GREETING_APP } }],
      },
      { text: 'The app greets you now.' },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A greeting');
    const task = await waitForTask(env.server, token, firstTask.id);
    expect(task.state).toBe('COMPLETED');
    const preview = await projectPreview(env.server, token, project.id);
    const setVariable = (key: string, value: string) =>
      env.server.request<ApiErrorBody>('POST', `/api/projects/${project.id}/env`, {
        token,
        body: { key, value },
      });
    const deleteVariable = (key: string) =>
      env.server.request<ApiErrorBody>('DELETE', `/api/projects/${project.id}/env/${key}`, {
        token,
      });
    return { token, project, preview, setVariable, deleteVariable };
  }

  /** The preview page and the bundle it loads. */
  async function openPage(previewUrl: string) {
    const page = await fetchAs(previewUrl);
    expect(page.status).toBe(200);
    const bundleUrl = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const bundle = await fetchAs(new URL(bundleUrl, previewUrl).toString());
    expect(bundle.status).toBe(200);
    const { buildKey } = bridgeConfigOf<{ buildKey: string }>(page.body);
    return { page: page.body, bundle: bundle.body, bundleUrl, buildKey };
  }

  it('builds VITE_ variables into the app as import.meta.env, with Vite’s development flags, and no other variable', async () => {
    const { preview, setVariable } = await greetingProject();
    expect((await setVariable('VITE_GREETING', 'Hello from the settings')).status).toBe(200);
    expect((await setVariable('PAYMENT_SECRET', 'sk-server-only-4242')).status).toBe(200);

    const { page, bundle } = await openPage(preview.url);
    expect(bundle).toContain('"Hello from the settings"');
    expect(bundle).toContain('"development"');
    expect(bundle).not.toContain('import.meta.env');
    for (const served of [page, bundle]) {
      expect(served).not.toContain('sk-server-only-4242');
      expect(served).not.toContain('PAYMENT_SECRET');
    }
  });

  it('rebuilds the open preview when a variable is set or deleted: the live page reloads with the new value', async () => {
    const { preview, setVariable, deleteVariable } = await greetingProject();
    expect((await setVariable('VITE_GREETING', 'Good morning')).status).toBe(200);
    const before = await openPage(preview.url);
    expect(before.bundle).toContain('"Good morning"');
    const live = openLiveStream(env.port, preview, before.buildKey);
    expect((await live.opened).statusCode).toBe(200);
    const first = await live.first();
    expect(first.buildKey).toBe(before.buildKey);

    expect((await setVariable('VITE_GREETING', 'Hello from the settings')).status).toBe(200);
    const [, changed] = await eventually('the version announced again', async () =>
      live.events.length > 1 ? live.events : undefined,
    );
    // The same version under a new build: the page reloads (no hot update), and finds it.
    expect(changed).toMatchObject({ index: first.index, versionId: first.versionId, hotUrl: null });
    expect(changed?.buildKey).not.toBe(before.buildKey);
    const set = await openPage(preview.url);
    expect(set.buildKey).toBe(changed?.buildKey);
    expect(set.bundle).toContain('"Hello from the settings"');
    expect(set.bundle).not.toContain('Good morning');
    // The old build is not served any more.
    expect((await fetchAs(new URL(before.bundleUrl, preview.url).toString())).status).toBe(404);

    expect((await deleteVariable('VITE_GREETING')).status).toBe(200);
    const [, , removed] = await eventually('the version announced once more', async () =>
      live.events.length > 2 ? live.events : undefined,
    );
    expect(removed).toMatchObject({ index: first.index, hotUrl: null });
    expect([before.buildKey, set.buildKey]).not.toContain(removed?.buildKey);
    const after = await openPage(preview.url);
    expect(after.buildKey).toBe(removed?.buildKey);
    expect(after.bundle).not.toContain('Hello from the settings');
    live.close();
  });
});
