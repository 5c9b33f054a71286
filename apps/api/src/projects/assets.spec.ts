import {
  AssetSchema,
  type ApiErrorBody,
  type AssetsResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import { blobs } from '@mason/server-db';
import { hashContent, TEMPLATE_FILES } from '@mason/server-workspace';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { pngOfSize } from '../test-utils/images';
import { projectPreview, requestAsHost } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import {
  allLogs,
  logsOf,
  readyProject,
  requestText,
  sendMessage,
  uploadAsset,
  waitForTask,
} from '../test-utils/task-loop';

const TEMPLATE_BYTES = Object.values(TEMPLATE_FILES).reduce(
  (total, text) => total + Buffer.byteLength(text),
  0,
);

// The whole app: the routes of server-assets composed with the tasks (the version is recorded on
// the task's log), the preview host (it serves the file) and the agent (it is told the file).
describe('assets of a project', () => {
  // Room for the starter app and 200 KB more (PROJECT_MAX_BYTES), so a full project is cheap to make.
  const env = useScriptedTestApp({ projectMaxBytes: TEMPLATE_BYTES + 200 * 1024 });

  async function starter(description = 'A bakery') {
    const { token } = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, token, description);
    return { token, projectId: project.id, taskId: task.id };
  }

  const versionsOf = async (token: string, taskId: string) =>
    (await env.server.as(token).get<TaskVersionsResponse>(`/api/tasks/${taskId}/versions`)).body
      .versions;
  const assetsOf = async (token: string, projectId: string) =>
    (await env.server.as(token).get<AssetsResponse>(`/api/projects/${projectId}/assets`)).body
      .assets;

  it('makes an upload a version on the task, lists it, and the preview serves it at the site root with its type and exact bytes', async () => {
    const { token, projectId, taskId } = await starter();
    const image = pngOfSize(64, 48);
    const uploaded = await uploadAsset(env.server, token, projectId, {
      name: 'logo.png',
      content: new Uint8Array(image),
      type: 'image/png',
    });
    expect(uploaded.status).toBe(201);
    const asset = z.parse(AssetSchema, uploaded.body);
    expect(asset).toMatchObject({ fileName: 'logo.png', url: '/logo.png', size: image.length });

    // The task's history shows it like a turn's change: the file, then the version.
    const logs = await allLogs(env.server, token, taskId);
    expect(logsOf(logs, 'FILE_CHANGE').at(-1)).toMatchObject({
      content: 'Added public/logo.png',
      payload: { path: 'public/logo.png', change: 'CREATED' },
    });
    expect(logsOf(logs, 'VERSION').at(-1)).toMatchObject({
      content: 'Version 1: Added public/logo.png',
      payload: { index: 1 },
    });
    expect((await versionsOf(token, taskId)).map((version) => version.summary)).toContain(
      'Added public/logo.png',
    );
    expect(await assetsOf(token, projectId)).toEqual([asset]);

    // The preview serves it as Vite does: public/logo.png at /logo.png, on the newest version's
    // host and on the new version's own pinned host.
    const preview = await projectPreview(env.server, token, projectId);
    expect(preview.versionIndex).toBe(1);
    const access = new URL(preview.url).search;
    for (const host of [
      preview.origin,
      preview.origin.replace(`p-${projectId}`, `p-${projectId}-v1`),
    ]) {
      const served = await requestAsHost(env.port, `${host}/logo.png${access}`);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.bytes.equals(image)).toBe(true);
    }
    // Version 0 had no logo: its host answers the app's page for that path, not the image.
    const before = await requestAsHost(
      env.port,
      `${preview.origin.replace(`p-${projectId}`, `p-${projectId}-v0`)}/logo.png${access}`,
    );
    expect(before.headers['content-type']).toMatch(/^text\/html/);
  });

  it('lets the app load its public/ files without the token: the page leaves a cookie that opens those files only, for that project only', async () => {
    const { token, projectId } = await starter();
    const image = pngOfSize(8, 8);
    await uploadAsset(env.server, token, projectId, {
      name: 'logo.png',
      content: new Uint8Array(image),
    });
    const preview = await projectPreview(env.server, token, projectId);
    const page = await requestAsHost(env.port, preview.url);
    expect(page.status).toBe(200);
    const setCookie = String(page.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(
      /^mason_preview_files=[^;]+; Path=\/; Max-Age=\d+; HttpOnly; Secure; SameSite=None; Partitioned$/,
    );
    const cookie = setCookie.split(';')[0] ?? '';

    const withCookie = (url: string, value = cookie) =>
      requestAsHost(env.port, url, { headers: { cookie: value } });
    // The app's own <img src="/logo.png">: no token in the URL, the page's cookie.
    const file = await withCookie(`${preview.origin}/logo.png`);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(image)).toBe(true);
    // The cookie opens files only: not a page, nor a file the version does not have.
    expect((await withCookie(`${preview.origin}/`)).status).toBe(403);
    expect((await withCookie(`${preview.origin}/about`)).status).toBe(403);
    expect((await withCookie(`${preview.origin}/missing.png`)).status).toBe(404);
    // Without it, or with another project's, nothing opens.
    expect((await requestAsHost(env.port, `${preview.origin}/logo.png`)).status).toBe(403);
    const other = await starter();
    const otherPreview = await projectPreview(env.server, other.token, other.projectId);
    const otherCookie = String(
      (await requestAsHost(env.port, otherPreview.url)).headers['set-cookie'] ?? '',
    ).split(';')[0];
    expect((await withCookie(`${preview.origin}/logo.png`, otherCookie)).status).toBe(403);
    // Logging out ends it with the session.
    await env.server.as(token).post('/api/auth/logout');
    expect((await withCookie(`${preview.origin}/logo.png`)).status).toBe(403);
  });

  it('tells the assistant which assets exist and the path its code uses', async () => {
    const { token, projectId, taskId } = await starter('A bakery with a logo');
    await uploadAsset(env.server, token, projectId, {
      name: 'Bakery Logo.svg',
      content: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    });
    env.model.enqueue({ text: 'The logo is in the header now.' });
    const sent = await sendMessage(env.server, token, taskId, {
      content: 'Put the logo in the header',
    });
    expect(sent.status).toBe(201);
    await waitForTask(env.server, token, taskId);
    const prompt = requestText(env.model.requests.at(-1));
    expect(prompt).toContain('## Assets');
    expect(prompt).toContain('- /Bakery-Logo.svg (public/Bakery-Logo.svg, 59 B)');
  });

  it('stores the same content once across names and projects', async () => {
    const first = await starter();
    const second = await starter();
    const image = pngOfSize(33, 33);
    for (const [who, name] of [
      [first, 'a.png'],
      [first, 'b.png'],
      [second, 'c.png'],
    ] as const) {
      const answer = await uploadAsset(env.server, who.token, who.projectId, {
        name,
        content: new Uint8Array(image),
      });
      expect(answer.status).toBe(201);
    }
    const stored = await env.server.database.db
      .select({ hash: blobs.hash })
      .from(blobs)
      .where(eq(blobs.hash, hashContent(image)));
    expect(stored).toHaveLength(1);
  });

  it('refuses too big (413), a wrong kind (415) and a project without room (413), changing nothing', async () => {
    const { token, projectId, taskId } = await starter();
    const attempts = [
      { name: 'photo.png', content: new Uint8Array(10 * 1024 * 1024 + 1), status: 413 },
      { name: 'page.html', content: '<h1>Hi</h1>', status: 415 },
      { name: 'big.png', content: new Uint8Array(201 * 1024), status: 413 },
    ];
    for (const attempt of attempts) {
      const answer = await uploadAsset(env.server, token, projectId, attempt);
      expect({ name: attempt.name, status: answer.status }).toEqual({
        name: attempt.name,
        status: attempt.status,
      });
      expect(answer.body.message.length).toBeGreaterThan(20);
    }
    expect(await versionsOf(token, taskId)).toHaveLength(0);
    expect(await assetsOf(token, projectId)).toEqual([]);
  });

  it('deletes an asset as a version: gone from the list and from the preview', async () => {
    const { token, projectId, taskId } = await starter();
    const { body: asset } = await uploadAsset(env.server, token, projectId, {
      name: 'menu.pdf',
      content: '%PDF-1.4 a menu',
    });
    const removed = await env.server
      .as(token)
      .delete(`/api/projects/${projectId}/assets/${asset.id}`);
    expect(removed.status).toBe(200);
    const logs = await allLogs(env.server, token, taskId);
    expect(logsOf(logs, 'FILE_CHANGE').at(-1)).toMatchObject({
      content: 'Removed public/menu.pdf',
      payload: { change: 'DELETED' },
    });
    expect(await assetsOf(token, projectId)).toEqual([]);
    const preview = await projectPreview(env.server, token, projectId);
    expect(preview.versionIndex).toBe(2);
    const access = new URL(preview.url).search;
    const served = await requestAsHost(env.port, `${preview.origin}/menu.pdf${access}`);
    expect(served.headers['content-type']).toMatch(/^text\/html/);
  });

  it('answers another person’s project as if it did not exist', async () => {
    const owner = await starter();
    const { body: asset } = await uploadAsset(env.server, owner.token, owner.projectId, {
      name: 'logo.png',
      content: new Uint8Array(pngOfSize(4, 4)),
    });
    const stranger = await signUp(env.server);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const projectId of [owner.projectId, missing]) {
      const answers = [
        await env.server.as(stranger.token).get<ApiErrorBody>(`/api/projects/${projectId}/assets`),
        await uploadAsset(env.server, stranger.token, projectId, {
          name: 'x.png',
          content: new Uint8Array(pngOfSize(2, 2)),
        }),
        await env.server
          .as(stranger.token)
          .delete<ApiErrorBody>(`/api/projects/${projectId}/assets/${asset.id}`),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual(
        Array(3).fill([404, 'This project does not exist, or it is not yours.']),
      );
    }
    expect((await assetsOf(owner.token, owner.projectId)).map((listed) => listed.id)).toEqual([
      asset.id,
    ]);
  });
});
