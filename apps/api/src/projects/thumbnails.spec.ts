import {
  ClientConfigSchema,
  PROJECT_THUMBNAIL_MAX_BYTES,
  type ApiErrorBody,
  type Project,
  type ProjectsResponse,
} from '@mason/contract';
import { projectThumbnails } from '@mason/server-db';
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import { pngOfSize } from '../test-utils/images';
import { createProject, uploadAsset } from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

/** A JPEG's first bytes (SOI, APP0 JFIF) and some more: what the sniffing reads. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 7),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x20, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(24, 1),
]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('project thumbnails', () => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp({ worker: false });
  });
  afterAll(() => server?.close());

  async function starter() {
    const { token } = await signUp(server);
    const { project } = await createProject(server, token, 'A bakery');
    if (!project.latestVersionId) throw new Error('The project has no starter version.');
    return { token, projectId: project.id, versionId: project.latestVersionId };
  }
  const thumbnailPath = (projectId: string) => `/api/projects/${projectId}/thumbnail`;

  it('stores a picture of a version, answers its bytes and type, and the project names its version', async () => {
    const { token, projectId, versionId } = await starter();
    const before = await server.as(token).get<Project>(`/api/projects/${projectId}`);
    expect(before.body.thumbnailVersionId).toBeNull();
    expect((await server.as(token).get(thumbnailPath(projectId))).status).toBe(404);

    const put = await server
      .as(token)
      .put(thumbnailPath(projectId), { versionId, image: dataUrl('image/jpeg', JPEG) });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ versionId });

    const got = await fetch(`${server.baseUrl}${thumbnailPath(projectId)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toBe('image/jpeg');
    expect(got.headers.get('cache-control')).toBe('private, no-cache');
    expect(Buffer.from(await got.arrayBuffer()).equals(JPEG)).toBe(true);
    const etag = got.headers.get('etag');
    expect(etag).toContain(versionId);

    const again = await fetch(`${server.baseUrl}${thumbnailPath(projectId)}`, {
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);

    const project = await server.as(token).get<Project>(`/api/projects/${projectId}`);
    expect(project.body.thumbnailVersionId).toBe(versionId);
    const list = await server.as(token).get<ProjectsResponse>('/api/projects');
    expect(list.body.projects.find((p) => p.id === projectId)?.thumbnailVersionId).toBe(versionId);

    // A newer picture replaces it (a WebP now), with a new ETag.
    await server
      .as(token)
      .put(thumbnailPath(projectId), { versionId, image: dataUrl('image/webp', WEBP) });
    const replaced = await server.as(token).get(thumbnailPath(projectId));
    expect(replaced.headers.get('content-type')).toBe('image/webp');
    expect(replaced.headers.get('etag')).not.toBe(etag);
  });

  it('keeps the picture of a newer version when a picture of an older one comes late', async () => {
    const { token, projectId, versionId: first } = await starter();
    // An upload makes the next version.
    const uploaded = await uploadAsset(server, token, projectId, {
      name: 'logo.png',
      content: new Uint8Array(pngOfSize(8, 8)),
      type: 'image/png',
    });
    expect(uploaded.status).toBe(201);
    const newest = (await server.as(token).get<Project>(`/api/projects/${projectId}`)).body
      .latestVersionId;
    expect(newest).not.toBe(first);

    await server
      .as(token)
      .put(thumbnailPath(projectId), { versionId: newest, image: dataUrl('image/webp', WEBP) });
    const late = await server
      .as(token)
      .put(thumbnailPath(projectId), { versionId: first, image: dataUrl('image/jpeg', JPEG) });
    expect(late.status).toBe(200);
    expect(late.body).toEqual({ versionId: newest });
    const shown = await server.as(token).get(thumbnailPath(projectId));
    expect(shown.headers.get('content-type')).toBe('image/webp');
    expect((await server.as(token).get<Project>(`/api/projects/${projectId}`)).body).toMatchObject({
      thumbnailVersionId: newest,
    });
  });

  it.each([
    ['not a data URL', () => 'https://example.com/a.jpg'],
    ['an SVG', () => dataUrl('image/svg+xml', Buffer.from('<svg/>'))],
    ['bytes that are no picture', () => dataUrl('image/jpeg', Buffer.from('hello, world'))],
    ['a PNG that says it is a JPEG', () => dataUrl('image/jpeg', pngOfSize(4, 4))],
    [
      'a picture over the limit',
      () => dataUrl('image/jpeg', Buffer.concat([JPEG, Buffer.alloc(PROJECT_THUMBNAIL_MAX_BYTES)])),
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, image) => {
    const { token, projectId, versionId } = await starter();
    const put = await server
      .as(token)
      .put<ApiErrorBody>(thumbnailPath(projectId), { versionId, image: image() });
    expect(put.status).toBe(400);
    expect(put.body.message).toEqual(expect.any(String));
    expect((await server.as(token).get(thumbnailPath(projectId))).status).toBe(404);
  });

  it("refuses a version that is not the project's", async () => {
    const mine = await starter();
    const other = await starter();
    const put = await server.as(mine.token).put<ApiErrorBody>(thumbnailPath(mine.projectId), {
      versionId: other.versionId,
      image: dataUrl('image/jpeg', JPEG),
    });
    expect(put.status).toBe(400);
    expect(put.body.fieldErrors).toHaveProperty('versionId');
  });

  it("answers 404 for another person's project, as for no project, and changes nothing", async () => {
    const owner = await starter();
    const stranger = await starter();
    await server.as(owner.token).put(thumbnailPath(owner.projectId), {
      versionId: owner.versionId,
      image: dataUrl('image/jpeg', JPEG),
    });
    const theirs = await server
      .as(stranger.token)
      .get<ApiErrorBody>(thumbnailPath(owner.projectId));
    const nobodys = await server
      .as(stranger.token)
      .get<ApiErrorBody>(thumbnailPath('00000000-0000-4000-8000-000000000000'));
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe(nobodys.body.message);
    const overwrite = await server.as(stranger.token).put(thumbnailPath(owner.projectId), {
      versionId: owner.versionId,
      image: dataUrl('image/webp', WEBP),
    });
    expect(overwrite.status).toBe(404);
    const still = await server.as(owner.token).get(thumbnailPath(owner.projectId));
    expect(still.headers.get('content-type')).toBe('image/jpeg');
  });

  it('goes with its project when the project is deleted', async () => {
    const { token, projectId, versionId } = await starter();
    await server
      .as(token)
      .put(thumbnailPath(projectId), { versionId, image: dataUrl('image/jpeg', JPEG) });
    expect((await server.as(token).delete(`/api/projects/${projectId}`)).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(projectThumbnails)
      .where(eq(projectThumbnails.projectId, projectId));
    expect(rows).toEqual([]);
  });

  it('tells the client whether to capture thumbnails (MASON_THUMBNAILS), off in tests', async () => {
    const config = z.parse(ClientConfigSchema, (await server.request('GET', '/api/config')).body);
    expect(config.thumbnails).toBe(false);
  });
});
