import { createHash } from 'node:crypto';
import http from 'node:http';
import {
  ProjectPreviewResponseSchema,
  VisualEditsResponseSchema,
  type ApiErrorBody,
  type ProjectPreviewResponse,
  type VisualEditsResponse,
} from '@mason/contract';
import { previewErrors, type VersionManifest } from '@mason/server-db';
import { VersionStore, putBlobs } from '@mason/server-workspace';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { eventually, readyProject } from '../test-utils/task-loop';
import { FIRST_PAINT_MAX_LENGTH } from '@mason/contract/preview';
import { requestAsHost, bridgeConfigOf } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import { STARTER_HEADING } from '../test-utils/starter-app';

describe('the preview host', () => {
  const env = useScriptedTestApp();

  const fetchAs = (url: string, init?: Parameters<typeof requestAsHost>[2]) =>
    requestAsHost(env.port, url, init);

  async function projectWithPreview() {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, 'A counter');
    const answer = await env.server.request<ProjectPreviewResponse & ApiErrorBody>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    expect(answer.status).toBe(200);
    return { token, project, task, preview: z.parse(ProjectPreviewResponseSchema, answer.body) };
  }

  const withPath = (url: string, pathname: string) => {
    const target = new URL(url);
    target.pathname = pathname;
    return target.toString();
  };

  it('gives the owner a signed URL on an origin of the project, and 404 to anyone else', async () => {
    const { project, preview } = await projectWithPreview();
    expect(preview.origin).toBe(`http://p-${project.id}.${env.server.config.previewDomain}`);
    expect(preview.url.startsWith(`${preview.origin}/?mason_preview=`)).toBe(true);
    expect(preview.versionIndex).toBe(0);
    // The starter is styled with Tailwind.
    expect(preview.tailwind).toBe(true);

    const stranger = await signUp(env.server);
    const refused = await env.server.request<ApiErrorBody>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token: stranger.token },
    );
    expect(refused.status).toBe(404);
  });

  it('serves the stylesheet with the rules of unsaved class edits, with the page’s token only', async () => {
    const { preview } = await projectWithPreview();
    const page = await fetchAs(preview.url);
    const config = bridgeConfigOf<{ stylesUrl: string | null; buildKey: string }>(page.body);
    expect(config.stylesUrl).toBe(`/__mason/styles/${config.buildKey}.css`);
    const token = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const stylesUrl = (classes: string, withToken = true) => {
      const url = new URL(config.stylesUrl ?? '', preview.origin);
      url.searchParams.set('classes', classes);
      if (withToken) url.searchParams.set('mason_preview', token);
      return url.toString();
    };
    const styles = await fetchAs(stylesUrl('text-7xl underline'));
    expect(styles.status).toBe(200);
    expect(styles.headers['content-type']).toMatch(/^text\/css/);
    expect(styles.body).toMatch(/\.text-7xl \{/);
    expect(styles.body).toContain('--radius: 1rem');
    expect((await fetchAs(stylesUrl('text-7xl', false))).status).toBe(403);
    expect((await fetchAs(stylesUrl('<script>'))).status).toBe(400);
    const unknown = new URL(stylesUrl('p-4'));
    unknown.pathname = '/__mason/styles/not-a-build.css';
    expect((await fetchAs(unknown.toString())).status).toBe(404);
  });

  it('serves the app page with the import map, the bridge and a CSP that only lets Mason frame it', async () => {
    const { preview } = await projectWithPreview();
    const page = await fetchAs(preview.url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://mason.test');
    // The app's scripts, the import map (by hash), and hot updates the live stream carries.
    expect(csp).toMatch(/script-src 'self' blob: 'sha256-[A-Za-z0-9+/=]+'/);
    expect(page.body).toContain('<script type="importmap">');
    expect(page.body).toContain('id="mason-bridge-config"');
    // The bridge is written in the page (allowed by its hash), so it runs without a request.
    const inlineBridge = /<script>(.*?)<\/script>/s.exec(page.body)?.[1] ?? '';
    expect(inlineBridge).toContain('mason-bridge-config');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(inlineBridge).digest('base64')}'`);
    // The template's own index.html, with its module script replaced by the bundle.
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain('/src/main.tsx');

    const bundleUrl = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(bundleUrl).toContain('?mason_preview=');
    const bundle = await fetchAs(new URL(bundleUrl, preview.origin).toString());
    expect(bundle.status).toBe(200);
    expect(bundle.headers['cache-control']).toContain('immutable');
    expect(bundle.body).toContain('"data-mason-file": "src/App.tsx"');

    const importMap = JSON.parse(
      /<script type="importmap">(.*?)<\/script>/.exec(page.body)?.[1] ?? '{}',
    ) as { imports: Record<string, string> };
    const react = await fetchAs(withPath(preview.origin, importMap.imports['react'] ?? ''));
    expect(react.status).toBe(200);
    expect(react.body).toContain('useState');
    // The bundle and the runtime files it starts with are fetched side by side (modulepreload).
    const preloads = [...page.body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(preloads).toEqual(
      expect.arrayContaining([
        bundleUrl,
        importMap.imports['react'],
        importMap.imports['react/jsx-runtime'],
        importMap.imports['react-dom/client'],
      ]),
    );
    for (const url of preloads)
      expect((await fetchAs(new URL(url, preview.origin).toString())).status).toBe(200);
    // The build's stylesheet is in the page too, marked for the hot runtime to replace.
    const style = /<style data-mason-style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    expect(style).toMatch(/\S/);
    expect(page.body).not.toContain('rel="stylesheet"');

    const bridge = await fetchAs(withPath(preview.origin, '/__mason/bridge.js'));
    expect(bridge.status).toBe(200);
    expect(bridge.body).toContain('mason-bridge-config');
    // The thumbnail renderer is not in the page: the bridge imports it, as a module, when asked.
    expect(page.body).not.toContain('foreignObject');
    const renderer = await fetchAs(withPath(preview.origin, '/__mason/thumbnail.js'));
    expect(renderer.status).toBe(200);
    expect(renderer.headers['content-type']).toMatch(/^text\/javascript/);
    expect(renderer.body).toContain('foreignObject');
    expect(renderer.body).toMatch(/export\s*\{/);
  });

  it('serves every app path (client-side routes) the same page', async () => {
    const { preview } = await projectWithPreview();
    const about = await fetchAs(preview.url.replace('/?', '/about?'));
    expect(about.status).toBe(200);
    expect(about.body).toContain('id="mason-bridge-config"');
  });

  it('refuses a page without a valid token, and never answers Mason API routes on a preview host', async () => {
    const { token, project, preview } = await projectWithPreview();
    const other = await projectWithPreview();
    const bare = await fetchAs(`${preview.origin}/`);
    expect(bare.status).toBe(403);
    expect(bare.body).toContain('This preview link does not work');
    expect(bare.body).not.toContain('importmap');

    // A token signed for another project does not open this one.
    const otherToken = new URL(other.preview.url).searchParams.get('mason_preview') ?? '';
    const swapped = await fetchAs(
      `${preview.origin}/?mason_preview=${encodeURIComponent(otherToken)}`,
    );
    expect(swapped.status).toBe(403);

    const forged = await fetchAs(`${preview.origin}/?mason_preview=9999999999.forged`);
    expect(forged.status).toBe(403);

    // The person's bearer token sent to the preview's origin reaches no API route.
    const api = await fetchAs(`${preview.origin}/api/users/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(api.status).toBe(403);
    expect(api.body).not.toContain(project.id);
    expect(api.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves a version’s bundle only on its project’s host, with a token of that project', async () => {
    const { preview } = await projectWithPreview();
    const other = await projectWithPreview();
    const page = await fetchAs(preview.url);
    const bundleUrl = new URL(
      /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '',
      preview.origin,
    );
    const bundlePath = bundleUrl.pathname;
    const tokenOf = (url: string) => new URL(url).searchParams.get('mason_preview') ?? '';
    const withToken = (origin: string, token: string) =>
      `${origin}${bundlePath}?mason_preview=${encodeURIComponent(token)}`;

    expect((await fetchAs(bundleUrl.toString())).status).toBe(200);
    // No token, or a forged one: refused.
    expect((await fetchAs(`${preview.origin}${bundlePath}`)).status).toBe(403);
    expect((await fetchAs(withToken(preview.origin, '9999999999.forged'))).status).toBe(403);
    // Another project's host, even with that project's own valid token: no such build there.
    const foreign = await fetchAs(withToken(other.preview.origin, tokenOf(other.preview.url)));
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain('data-mason-file');
    // A made-up project's host.
    const madeUp = `http://p-00000000-0000-4000-8000-000000000000.${env.server.config.previewDomain}`;
    expect((await fetchAs(withToken(madeUp, tokenOf(preview.url)))).status).toBe(403);
    // The stylesheet the same way.
    const cssPath = /<link rel="stylesheet" href="([^"?]+)/.exec(page.body)?.[1];
    if (cssPath) expect((await fetchAs(`${preview.origin}${cssPath}`)).status).toBe(403);
  });

  it('shows the errors of a version that does not build, and keeps a version host on its version', async () => {
    const { project, preview } = await projectWithPreview();
    const store = new VersionStore(env.server.database.db);
    const latest = await store.latestVersion(project.id);
    const broken = 'export function App() {\n  return <main>\n}\n';
    const [hash] = await putBlobs(env.server.database.db, [Buffer.from(broken)]);
    await store.createVersion({
      projectId: project.id,
      manifest: { ...(latest?.manifest as VersionManifest), 'src/App.tsx': hash as string },
      summary: 'Broken',
    });

    const page = await fetchAs(preview.url);
    expect(page.status).toBe(200);
    expect(page.body).toContain('The app does not build');
    expect(page.body).toContain('src/App.tsx:3');
    const config = bridgeConfigOf<{
      buildFailure: { file: string; line: number }[];
      versionIndex: number;
    }>(page.body);
    expect(config.versionIndex).toBe(1);
    expect(config.buildFailure[0]).toMatchObject({ file: 'src/App.tsx', line: 3 });

    // Version 0 keeps its own host, and builds.
    const token = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const v0 = await fetchAs(
      `http://p-${project.id}-v0.${env.server.config.previewDomain}/?mason_preview=${encodeURIComponent(token)}`,
    );
    expect(v0.status).toBe(200);
    expect(v0.body).toContain('importmap');
  });

  it('announces a new version on the live stream, and applies a visual edit as that version', async () => {
    const { token, project, preview } = await projectWithPreview();
    const previewToken = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const events: string[] = [];
    const target = new URL(preview.origin);
    const stream = http.request({
      host: '127.0.0.1',
      port: env.port,
      path: `/__mason/live?mason_preview=${encodeURIComponent(previewToken)}`,
      headers: { host: target.host },
    });
    const opened = new Promise<http.IncomingMessage>((resolve) => stream.on('response', resolve));
    stream.end();
    const response = await opened;
    expect(response.statusCode).toBe(200);
    response.on('data', (chunk: Buffer) => events.push(chunk.toString('utf8')));

    const edit = await env.server.request<VisualEditsResponse & ApiErrorBody>(
      'POST',
      `/api/projects/${project.id}/visual-edits`,
      {
        token,
        body: {
          baseVersionId: preview.versionId,
          edits: [
            {
              selectedLayout: STARTER_HEADING,
              command: 'UPDATE',
              newTextContent: 'Mugs, made by hand',
            },
          ],
        },
      },
    );
    expect(edit.status).toBe(200);
    const version = z.parse(VisualEditsResponseSchema, edit.body).version;
    expect(version.index).toBe(1);
    const announced = await eventually('the version event', async () =>
      // The first event (on connect) names version 0; then the edit's.
      events.join('').includes('"index":1') ? events.join('') : undefined,
    );
    expect(announced).toContain('"index":1');
    response.destroy();

    const page = await fetchAs(preview.url);
    const bundleUrl = /<script type="module" src="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const bundle = await fetchAs(new URL(bundleUrl, preview.origin).toString());
    expect(bundle.body).toContain('Mugs, made by hand');
  });

  it('keeps the newest runtime errors a preview reports, and refuses bad reports', async () => {
    const { project, preview } = await projectWithPreview();
    const errorsUrl = preview.url.replace('/?', '/__mason/errors?');
    const report = (body: unknown) =>
      fetchAs(errorsUrl, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });

    const accepted = await report({
      kind: 'error',
      message: 'TypeError: items is undefined',
      stack: 'at List (src/App.tsx:4:9)',
      page: '/',
    });
    expect(accepted.status).toBe(204);
    expect((await report({ kind: 'nonsense', message: 1 })).status).toBe(400);
    const anonymous = await fetchAs(`${preview.origin}/__mason/errors`, {
      method: 'POST',
      body: '{}',
    });
    expect(anonymous.status).toBe(403);

    const rows = await env.server.database.db
      .select()
      .from(previewErrors)
      .where(eq(previewErrors.projectId, project.id));
    expect(rows.map((row) => [row.kind, row.message, row.versionIndex])).toEqual([
      ['error', 'TypeError: items is undefined', 0],
    ]);
  });

  it('writes the markup a page sent as its first paint into the next page of that build and path, sanitised, for its project only', async () => {
    const { preview } = await projectWithPreview();
    const page = await fetchAs(preview.url);
    const config = bridgeConfigOf<{
      buildKey: string;
      firstPaintUrl: string | null;
      firstPaintShown: string | null;
    }>(page.body);
    expect(config.firstPaintUrl).toBe('/__mason/first-paint');
    expect(config.firstPaintShown).toBeNull();
    expect(page.body).toMatch(/<div id="root"><\/div>/);
    const token = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const send = (body: unknown, withToken = true) =>
      fetchAs(
        `${preview.origin}${config.firstPaintUrl}${withToken ? `?mason_preview=${token}` : ''}`,
        {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        },
      );
    const paint = {
      buildKey: config.buildKey,
      path: '/',
      containerId: 'root',
      html:
        '<main class="p-4"><h1 onclick="steal()">Mugs, made by hand</h1><!-- note -->' +
        '<script>steal()</script><a href=" javascript:steal()">Shop</a>' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Mug"><iframe src="/x"></iframe></main>',
    };

    // Refused, and nothing kept: no token, a bad body, a build not made for this project.
    expect((await send(paint, false)).status).toBe(403);
    expect((await send({ ...paint, containerId: 'root"><script>' })).status).toBe(400);
    expect((await send({ ...paint, path: 'no-slash' })).status).toBe(400);
    expect((await send({ ...paint, path: '/a\u0000b' })).status).toBe(400);
    expect((await send({ ...paint, html: 'x'.repeat(FIRST_PAINT_MAX_LENGTH + 1) })).status).toBe(
      400,
    );
    expect((await send({ ...paint, buildKey: 'AnotherProjectsBuild' })).status).toBe(404);
    expect(
      (await fetchAs(`${preview.origin}/__mason/first-paint?mason_preview=${token}`)).status,
    ).toBe(405);
    expect(
      bridgeConfigOf<{ firstPaintShown: string | null }>((await fetchAs(preview.url)).body),
    ).toMatchObject({ firstPaintShown: null });
    // A page at a path no first paint can be kept for (a NUL in it) is the app's page all the same.
    const nul = new URL(preview.url);
    nul.pathname = '/%00';
    expect((await fetchAs(nul.toString())).status).toBe(200);

    expect((await send(paint)).status).toBe(204);
    const painted = await fetchAs(preview.url);
    expect(painted.status).toBe(200);
    expect(bridgeConfigOf<{ firstPaintShown: string | null }>(painted.body).firstPaintShown).toBe(
      'root',
    );
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="module"/.exec(painted.body)?.[1];
    expect(root).toBe(
      '<main class="p-4"><h1>Mugs, made by hand</h1><a>Shop</a>' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Mug"></main>',
    );
    // Another page of the app has none of its own yet; another project's pages never get it.
    const about = await fetchAs(withPath(preview.url, '/about'));
    expect(about.body).not.toContain('Mugs, made by hand');
    const other = await projectWithPreview();
    expect((await fetchAs(other.preview.url)).body).not.toContain('Mugs, made by hand');
  });
});
