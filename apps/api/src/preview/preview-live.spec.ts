import { ProjectPreviewResponseSchema, type ProjectPreviewResponse } from '@mason/contract';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  requestAsHost,
  projectPreview,
  bridgeConfigOf,
  openLiveStream,
} from '../test-utils/preview-host';
import { eventually, readyProject, sendMessage } from '../test-utils/task-loop';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

describe('the preview host: live updates', () => {
  // The bench route writes versions without an assistant's turn; set before the server starts.
  const benchRoutes = process.env['BENCH_ROUTES'];
  beforeAll(() => {
    process.env['BENCH_ROUTES'] = 'true';
  });
  afterAll(() => {
    if (benchRoutes === undefined) delete process.env['BENCH_ROUTES'];
    else process.env['BENCH_ROUTES'] = benchRoutes;
  });
  const env = useScriptedTestApp();

  const fetchAs = (url: string) => requestAsHost(env.port, url);

  const openLive = (preview: ProjectPreviewResponse, buildKey: string) =>
    openLiveStream(env.port, preview, buildKey);

  it('announces a changed component or stylesheet with an update that keeps the page, and a changed entry without one', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const page = await fetchAs(preview.url);
    const shown = bridgeConfigOf<{ buildKey: string }>(page.body);
    const live = openLive(preview, shown.buildKey);
    expect((await live.opened).statusCode).toBe(200);
    // On connect the stream names the version the page already shows.
    const [current] = await eventually('the version on connect', async () =>
      live.events.length > 0 ? live.events : undefined,
    );
    expect(current).toMatchObject({ buildKey: shown.buildKey, hotUrl: null });

    const write = (files: Record<string, string>) =>
      env.server.request<{ index: number }>('POST', `/api/bench/projects/${project.id}/files`, {
        token,
        body: { files },
      });
    const edited = await write({
      'src/App.tsx': TEMPLATE_FILES['src/App.tsx'].replace(
        'Your app starts here',
        'Mugs, made by hand',
      ),
    });
    expect(edited.status).toBe(200);
    // The files first, as they are written (the page follows them; the update is sent along),
    // then the version that stores them, under the same build key: the page shows it already.
    const [, update, stored] = await eventually('the files and their version', async () =>
      live.events.length > 2 ? live.events : undefined,
    );
    expect(update).toMatchObject({ index: null, working: true, hotUrl: expect.any(String) });
    expect(update?.js).toContain('Mugs, made by hand');
    expect(update?.buildKey).not.toBe(shown.buildKey);
    expect(stored).toMatchObject({ index: edited.body.index, buildKey: update?.buildKey });
    expect(stored?.hotUrl).toBeNull();

    // The bridge loads the update with the page's token; without it, or on another host, nothing.
    const previewToken = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const hotUrl = new URL(update?.hotUrl ?? '', preview.origin);
    expect((await fetchAs(hotUrl.toString())).status).toBe(403);
    hotUrl.searchParams.set('mason_preview', previewToken);
    const hot = await fetchAs(hotUrl.toString());
    expect(hot.status).toBe(200);
    const other = await readyProject(env.server, env.model, token, 'Another app');
    const otherPreview = z.parse(
      ProjectPreviewResponseSchema,
      (
        await env.server.request<ProjectPreviewResponse>(
          'GET',
          `/api/projects/${other.project.id}/preview`,
          { token },
        )
      ).body,
    );
    const onOtherHost = new URL(`${hotUrl.pathname}`, otherPreview.origin);
    onOtherHost.searchParams.set(
      'mason_preview',
      new URL(otherPreview.url).searchParams.get('mason_preview') ?? '',
    );
    expect((await fetchAs(onOtherHost.toString())).status).toBe(404);
    expect(hot.body).toContain('Mugs, made by hand');
    // Layout did not change: the update binds to the page's own module.
    expect(hot.body).toContain('__masonHot.exports("src/components/Layout.tsx")');

    // A changed stylesheet: the update replaces the page's stylesheet with the new build's.
    const styled = await write({
      'src/globals.css': `${TEMPLATE_FILES['src/globals.css']}\nh1 { color: red; }\n`,
    });
    const [, , , restyled, restyledVersion] = await eventually(
      'the stylesheet and its version',
      async () => (live.events.length > 4 ? live.events : undefined),
    );
    expect(restyled).toMatchObject({ working: true, hotUrl: expect.any(String) });
    expect(restyledVersion).toMatchObject({
      index: styled.body.index,
      buildKey: restyled?.buildKey,
    });
    const restyleUrl = new URL(restyled?.hotUrl ?? '', preview.origin);
    restyleUrl.searchParams.set('mason_preview', previewToken);
    const restyle = await fetchAs(restyleUrl.toString());
    expect(restyle.status).toBe(200);
    expect(restyle.body).toMatch(/^globalThis\.__masonHot\.restyle\(".*h1 \{\\n {2}color: red;/);

    // A changed entry: not followed as it is written; its version comes without an update,
    // and the page reloads.
    const started = await write({
      'src/main.tsx': `${TEMPLATE_FILES['src/main.tsx']}console.info('started');\n`,
    });
    const [, , , , , reload] = await eventually('the third new version event', async () =>
      live.events.length > 5 ? live.events : undefined,
    );
    expect(reload).toMatchObject({ index: started.body.index, hotUrl: null });
    live.close();

    // The page that reloads finds the new version built, with every change.
    const reloaded = await fetchAs(preview.url);
    const bundleUrl = /<script type="module" src="([^"]+)"/.exec(reloaded.body)?.[1] ?? '';
    const bundle = await fetchAs(new URL(bundleUrl, preview.origin).toString());
    expect(bundle.body).toContain('Mugs, made by hand');
    expect(bundle.body).toContain("console.info('started')".replace(/'/g, '"'));
    expect(bundle.body.startsWith('import "@mason/preview-hot-runtime";')).toBe(true);
  });

  it('follows the files an assistant writes as it writes them, then names the version that stores them', async () => {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const shown = bridgeConfigOf<{ buildKey: string }>((await fetchAs(preview.url)).body);
    const live = openLive(preview, shown.buildKey);
    await live.first();
    const heading = TEMPLATE_FILES['src/App.tsx'].replace('Your app starts here', 'Mugs, by hand');
    env.model.enqueue(
      {
        text: 'Changing the heading.',
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: heading } }],
      },
      { text: 'The heading says what you sell.' },
    );
    expect((await sendMessage(env.server, token, task.id, { content: 'A heading' })).status).toBe(
      201,
    );
    const [, written, stored] = await eventually('the files, then their version', async () =>
      live.events.length > 2 ? live.events : undefined,
    );
    // While the turn runs: the page is sent the update of the file just written.
    expect(written).toMatchObject({ index: null, working: true, hotUrl: expect.any(String) });
    expect(written?.js).toContain('Mugs, by hand');
    // The turn's version stores those files: same build key, nothing more to load.
    expect(stored).toMatchObject({ index: 1, buildKey: written?.buildKey, hotUrl: null });
    live.close();
  });

  it('lets the page keep its state only through a change of markup: a new start of state or a revert starts the app afresh', async () => {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const shown = bridgeConfigOf<{ buildKey: string }>((await fetchAs(preview.url)).body);
    const live = openLive(preview, shown.buildKey);
    await live.first();
    const write = async (files: Record<string, string>) => {
      const seen = live.events.length;
      const written = await env.server.request<{ index: number }>(
        'POST',
        `/api/bench/projects/${project.id}/files`,
        { token, body: { files } },
      );
      expect(written.status).toBe(200);
      return eventually('the update of the files written', async () =>
        live.events.slice(seen).find((event) => event.working && event.hotUrl !== null),
      );
    };
    const app = TEMPLATE_FILES['src/App.tsx'];

    // A reworded heading: the counter the person clicked may stay as it is.
    const heading = app.replace('Your app starts here', 'Mugs, made by hand');
    expect(await write({ 'src/App.tsx': heading })).toMatchObject({ kind: 'refresh' });
    // The counter starts elsewhere: the page must show it from the start, not the old count.
    expect(
      await write({ 'src/App.tsx': heading.replace('useState(0)', 'useState(5)') }),
    ).toMatchObject({ kind: 'remount' });

    // Back to the first version: its version comes with an update that starts the app afresh.
    const seen = live.events.length;
    const reverted = await env.server.request('POST', `/api/tasks/${task.id}/revert`, {
      token,
      body: { versionId: preview.versionId },
    });
    expect(reverted.status).toBe(200);
    const revertedVersion = await eventually('the reverted version', async () =>
      live.events.slice(seen).find((event) => event.index !== null && event.hotUrl !== null),
    );
    expect(revertedVersion).toMatchObject({ kind: 'remount', buildKey: shown.buildKey });
    live.close();
  });

  it('says the app is no longer a Tailwind app once no stylesheet uses it', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A plain app');
    const written = await env.server.request<{ index: number }>(
      'POST',
      `/api/bench/projects/${project.id}/files`,
      { token, body: { files: { 'src/globals.css': 'body {\n  margin: 0;\n}\n' } } },
    );
    expect(written.status).toBe(200);
    const preview = await projectPreview(env.server, token, project.id);
    expect(preview).toMatchObject({ versionIndex: written.body.index, tailwind: false });
  });

  it('answers 404 for an update the host never made', async () => {
    const { token } = await signUp(env.server);
    const { project } = await readyProject(env.server, env.model, token, 'A counter');
    const preview = await projectPreview(env.server, token, project.id);
    const link = encodeURIComponent(new URL(preview.url).searchParams.get('mason_preview') ?? '');
    expect(
      (await fetchAs(`${preview.origin}/__mason/hot/aaaa/bbbb.js?mason_preview=${link}`)).status,
    ).toBe(404);
  });
});
