import { randomBytes } from 'node:crypto';
import {
  ASSET_MAX_BYTES,
  AssetSchema,
  AssetsResponseSchema,
  type ApiErrorBody,
  type Asset,
  type AssetsResponse,
} from '@mason/contract';
import { SessionLinks } from '@mason/server-auth';
import { blobs, projects, taskLogs, tasks, type Database } from '@mason/server-db';
import { LocalTaskEventBus, ProjectFileEdits } from '@mason/server-tasks';
import { type DomainHarness, type HarnessUser, startDomainHarness } from '@mason/server-testing';
import {
  createProjectFromTemplate,
  hashContent,
  TEMPLATE_FILES,
  VersionStore,
} from '@mason/server-workspace';
import { and, asc, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { assetsRoutes } from './assets.routes';

const TEMPLATE_BYTES = Object.values(TEMPLATE_FILES).reduce(
  (total, text) => total + Buffer.byteLength(text),
  0,
);
/** Room for the starter app and 64 KB more: enough for the small files below, not for a big one. */
const PROJECT_MAX_BYTES = TEMPLATE_BYTES + 64 * 1024;

const png = (size = 200) =>
  Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'binary'), randomBytes(size)]);

describe('assets over HTTP', () => {
  let harness: DomainHarness;
  let db: Database;
  let versions: VersionStore;
  let ada: HarnessUser;
  let bea: HarnessUser;

  beforeAll(async () => {
    harness = await startDomainHarness(async (api, deps) => {
      db = deps.db;
      versions = new VersionStore(db);
      const edits = new ProjectFileEdits({
        db,
        bus: new LocalTaskEventBus(),
        versions,
        preview: { url: (projectId, index) => `http://p-${projectId}.preview.test/v${index}` },
      });
      await api.register(assetsRoutes, {
        ctx: {
          config: { projectMaxBytes: PROJECT_MAX_BYTES },
          db,
          links: new SessionLinks(db, Buffer.alloc(32, 3)),
          versions: edits,
        },
      });
    });
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(() => harness?.close());

  /** A project of `user` on the starter app (version 0), with its first task, COMPLETED. */
  async function project(user: HarnessUser) {
    const [row] = await db
      .insert(projects)
      .values({
        userId: user.id,
        name: 'Bakery',
        description: 'A bakery',
        type: 'INTERNAL',
        status: 'READY',
      })
      .returning();
    const projectId = (row as { id: string }).id;
    await createProjectFromTemplate(db, projectId, { summary: 'The starter app' });
    const [task] = await db
      .insert(tasks)
      .values({
        projectId,
        userId: user.id,
        description: 'A bakery',
        state: 'COMPLETED',
        model: 'CLAUDE_SONNET_4_5',
      })
      .returning();
    return { projectId, taskId: (task as { id: string }).id };
  }

  async function upload(
    user: HarnessUser,
    projectId: string,
    name: string,
    content: Uint8Array,
    field = 'file',
  ) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(content)], { type: 'image/png' }), name);
    const response = await fetch(`${harness.baseUrl}/api/projects/${projectId}/assets`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Asset & ApiErrorBody,
    };
  }

  const list = async (user: HarnessUser, projectId: string) => {
    const answer = await harness.as(user).get<AssetsResponse>(`/api/projects/${projectId}/assets`);
    expect(answer.status).toBe(200);
    return z.parse(AssetsResponseSchema, answer.body).assets;
  };
  const newest = async (projectId: string) => (await versions.latestVersion(projectId))!;
  const logsOf = (taskId: string) =>
    db.select().from(taskLogs).where(eq(taskLogs.taskId, taskId)).orderBy(asc(taskLogs.seq));

  it('puts an upload into public/ as a new version on the newest task, and lists it with the path the code uses', async () => {
    const { projectId, taskId } = await project(ada);
    const bytes = png();
    const answer = await upload(ada, projectId, 'Logo Final.PNG', bytes);
    expect(answer.status).toBe(201);
    const asset = z.parse(AssetSchema, answer.body);
    expect(asset).toMatchObject({
      projectId,
      fileName: 'Logo-Final.png',
      path: 'public/Logo-Final.png',
      contentType: 'image/png',
      size: bytes.length,
      url: '/Logo-Final.png',
    });

    const version = await newest(projectId);
    expect(version).toMatchObject({ index: 1, taskId, summary: 'Added public/Logo-Final.png' });
    expect(version.manifest['public/Logo-Final.png']).toBe(hashContent(bytes));
    // The starter app's files are all still there.
    for (const path of Object.keys(TEMPLATE_FILES)) expect(version.manifest[path]).toBeDefined();

    const entries = await logsOf(taskId);
    expect(entries.map((entry) => [entry.type, entry.content])).toEqual([
      ['FILE_CHANGE', 'Added public/Logo-Final.png'],
      ['VERSION', 'Version 1: Added public/Logo-Final.png'],
    ]);
    expect(entries[0]?.payload).toEqual({
      path: 'public/Logo-Final.png',
      change: 'CREATED',
      additions: 0,
      deletions: 0,
    });
    const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
    expect(task?.latestVersionId).toBe(version.id);

    expect(await list(ada, projectId)).toEqual([asset]);
  });

  it('opens the thumbnail link for the caller: the bytes as their type, and nothing for anyone else', async () => {
    const { projectId } = await project(ada);
    const bytes = png();
    const { body: asset } = await upload(ada, projectId, 'hero.png', bytes);
    const image = await fetch(`${harness.baseUrl}${asset.previewUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);

    // Bea's own link, pointed at Ada's asset: refused like a link that never was.
    const beas = await project(bea);
    const { body: own } = await upload(bea, beas.projectId, 'hero.png', png());
    const beaToken = new URL(own.previewUrl, 'http://x').searchParams.get('token') ?? '';
    const forged = new URL(asset.previewUrl, 'http://x');
    forged.searchParams.set('token', beaToken);
    const refused = await fetch(`${harness.baseUrl}${forged.pathname}${forged.search}`);
    expect(refused.status).toBe(404);
    const deleted = await harness.as(ada).delete(`/api/projects/${projectId}/assets/${asset.id}`);
    expect(deleted.status).toBe(200);
    const gone = await fetch(`${harness.baseUrl}${asset.previewUrl}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toEqual(await refused.text());
  });

  it('replaces a file uploaded under the same name (a new version, the same asset), and makes no version for the same bytes', async () => {
    const { projectId, taskId } = await project(ada);
    const first = await upload(ada, projectId, 'logo.png', png());
    const second = await upload(ada, projectId, 'logo.png', png(300));
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.size).toBe(308);
    expect((await newest(projectId)).summary).toBe('Replaced public/logo.png');
    const listed = await list(ada, projectId);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.size).toBe(308);
    expect(listed[0]?.previewUrl).not.toBe(first.body.previewUrl);

    const again = await upload(
      ada,
      projectId,
      'logo.png',
      Buffer.from(await fetchBytes(listed[0]!)),
    );
    expect(again.status).toBe(201);
    expect((await newest(projectId)).index).toBe(2);
    const changes = (await logsOf(taskId)).filter((entry) => entry.type === 'FILE_CHANGE');
    expect(changes.map((entry) => entry.content)).toEqual([
      'Added public/logo.png',
      'Replaced public/logo.png',
    ]);
  });

  it('stores the same content once, however many names and projects hold it', async () => {
    const bytes = png(500);
    const one = await project(ada);
    const two = await project(bea);
    await upload(ada, one.projectId, 'a.png', bytes);
    await upload(ada, one.projectId, 'b.png', bytes);
    await upload(bea, two.projectId, 'c.png', bytes);
    const stored = await db
      .select()
      .from(blobs)
      .where(eq(blobs.hash, hashContent(bytes)));
    expect(stored).toHaveLength(1);
    expect((await list(ada, one.projectId)).map((asset) => asset.fileName)).toEqual([
      'a.png',
      'b.png',
    ]);
  });

  it('refuses a bad name (400), a kind of file apps do not serve (415), an empty file, and a file in another field, changing nothing', async () => {
    const { projectId } = await project(ada);
    const cases: [string, Uint8Array, number, RegExp, string?][] = [
      ['../../etc/logo.png', png(), 400, /cannot hold a folder path/],
      ['!!!.png', png(), 400, /Give the file a name with letters or digits/],
      ['index.html', Buffer.from('<script>alert(1)</script>'), 415, /not a kind of file/],
      ['app.js', Buffer.from('alert(1)'), 415, /Upload images, fonts/],
      ['empty.png', new Uint8Array(), 400, /empty\.png is empty/],
      ['logo.png', png(), 400, /Send the file in the field "file"/, 'files'],
    ];
    for (const [name, bytes, status, message, field] of cases) {
      const answer = await upload(ada, projectId, name, bytes, field);
      expect({ name, status: answer.status, message: answer.body.message }).toEqual({
        name,
        status,
        message: expect.stringMatching(message),
      });
    }
    expect((await newest(projectId)).index).toBe(0);
    expect(await list(ada, projectId)).toEqual([]);
  });

  it('refuses a file over the limit, and one the project has no room for (413), changing nothing', async () => {
    const { projectId } = await project(ada);
    const huge = await upload(ada, projectId, 'huge.png', new Uint8Array(ASSET_MAX_BYTES + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/larger than 10 MB/);

    // Room for 64 KB beside the starter app: 40 KB fits, 40 KB more does not.
    expect((await upload(ada, projectId, 'one.png', png(40 * 1024))).status).toBe(201);
    const full = await upload(ada, projectId, 'two.png', png(40 * 1024));
    expect(full.status).toBe(413);
    expect(full.body.message).toMatch(/^This project is full/);
    expect((await list(ada, projectId)).map((asset) => asset.fileName)).toEqual(['one.png']);
    expect((await newest(projectId)).index).toBe(1);
    // Replacing a file frees its own room first.
    expect((await upload(ada, projectId, 'one.png', png(50 * 1024))).status).toBe(201);
  });

  it('removes an asset as a new version, and answers 404 for one that is gone', async () => {
    const { projectId, taskId } = await project(ada);
    const { body: asset } = await upload(ada, projectId, 'font.woff2', randomBytes(100));
    expect(asset.contentType).toBe('font/woff2');
    const removed = await harness.as(ada).delete(`/api/projects/${projectId}/assets/${asset.id}`);
    expect(removed).toMatchObject({ status: 200, body: { ok: true } });
    const version = await newest(projectId);
    expect(version).toMatchObject({ index: 2, summary: 'Removed public/font.woff2' });
    expect(version.manifest['public/font.woff2']).toBeUndefined();
    const changes = await db
      .select()
      .from(taskLogs)
      .where(and(eq(taskLogs.taskId, taskId), eq(taskLogs.type, 'FILE_CHANGE')));
    expect(changes.at(-1)).toMatchObject({
      content: 'Removed public/font.woff2',
      payload: expect.objectContaining({ change: 'DELETED' }),
    });
    expect(await list(ada, projectId)).toEqual([]);

    const again = await harness
      .as(ada)
      .delete<ApiErrorBody>(`/api/projects/${projectId}/assets/${asset.id}`);
    expect(again.status).toBe(404);
    const notAnId = await harness
      .as(ada)
      .delete<ApiErrorBody>(`/api/projects/${projectId}/assets/not-an-id`);
    expect(notAnId).toMatchObject({ status: 404, body: { message: again.body.message } });
  });

  it('lists an asset only while its file is in the newest version (a revert hides it, a revert back shows it)', async () => {
    const { projectId } = await project(ada);
    const start = await newest(projectId);
    const { body: asset } = await upload(ada, projectId, 'logo.svg', Buffer.from('<svg/>'));
    const withLogo = await newest(projectId);
    await versions.revertTo(projectId, start.id, { taskId: null, summary: 'Back to the start' });
    expect(await list(ada, projectId)).toEqual([]);
    await versions.revertTo(projectId, withLogo.id, { taskId: null, summary: 'The logo again' });
    expect((await list(ada, projectId)).map((listed) => listed.id)).toEqual([asset.id]);
  });

  it('answers 404 for another person’s project, as for one that does not exist, and 401 without a session', async () => {
    const { projectId } = await project(ada);
    const { body: asset } = await upload(ada, projectId, 'logo.png', png());
    const answers = [
      await harness.as(bea).get<ApiErrorBody>(`/api/projects/${projectId}/assets`),
      await upload(bea, projectId, 'mine.png', png()),
      await harness.as(bea).delete<ApiErrorBody>(`/api/projects/${projectId}/assets/${asset.id}`),
    ];
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 404,
        body: { message: 'This project does not exist, or it is not yours.' },
      });
    }
    expect((await list(ada, projectId)).map((listed) => listed.fileName)).toEqual(['logo.png']);
    const anonymous = await harness.request('GET', `/api/projects/${projectId}/assets`);
    expect(anonymous.status).toBe(401);
  });

  async function fetchBytes(asset: Asset): Promise<ArrayBuffer> {
    const answer = await fetch(`${harness.baseUrl}${asset.previewUrl}`);
    return answer.arrayBuffer();
  }
});
