import { createHash } from 'node:crypto';
import type { TaskLogsResponse } from '@mason/contract';
import { blobs } from '@mason/server-db';
import { TEMPLATE_FILES } from '@mason/server-workspace';
import { eq } from 'drizzle-orm';
import { signUp } from '../test-utils/accounts';
import { PIXEL_PNG, pngOfSize } from '../test-utils/images';
import {
  eventually,
  logsOf,
  readyProject,
  sendMessage,
  uploadStaticFiles,
  waitForTask,
} from '../test-utils/task-loop';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';

const sha256 = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * GET /blobs/:hash serves a message's image through the link its task's log gave the reader:
 * nothing else that is stored (project sources, uploads), no other type, nobody without the
 * link, and nothing once the session or the project is gone. Blobs no project references any
 * more are collected.
 */
describe('attached images and stored blobs', () => {
  const env = useScriptedTestApp({ blobGraceSeconds: 0 });

  async function projectWithImage(content = PIXEL_PNG) {
    const person = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, person.token, 'A gallery');
    env.model.enqueue({ text: 'Got it.' });
    await sendMessage(env.server, person.token, task.id, {
      content: 'Use this picture',
      images: [{ mediaType: 'image/png', content }],
    });
    await waitForTask(env.server, person.token, task.id);
    const logs = await env.server.request<TaskLogsResponse>('GET', `/api/tasks/${task.id}/logs`, {
      token: person.token,
    });
    const image = logsOf(logs.body.logs, 'USER_MESSAGE').flatMap((log) => log.payload.images)[0];
    if (!image) throw new Error('The message has no image.');
    return { person, project, task, url: new URL(image.url, env.server.baseUrl) };
  }

  const get = async (url: URL | string) => {
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('serves an image through its link, as the type it was sent as', async () => {
    const { url } = await projectWithImage();
    const image = await get(url);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/png');
    expect(image.bytes.toString('base64')).toBe(PIXEL_PNG);
  });

  it('serves nothing else through a link: not a project source, not an upload, not another type', async () => {
    const { person, project, url } = await projectWithImage();
    const withParam = (name: string, value: string) => {
      const changed = new URL(url);
      changed.searchParams.set(name, value);
      return changed;
    };
    // The image's own link with another blob's hash in the path: a source file of the project.
    const source = new URL(url);
    source.pathname = `/api/blobs/${sha256(TEMPLATE_FILES['src/App.tsx'])}`;
    expect((await get(source)).status).toBe(404);
    const upload = await uploadStaticFiles(env.server, person.token, project.id, [
      { name: 'secret.txt', content: 'a private note' },
    ]);
    expect(upload.status).toBe(201);
    source.pathname = `/api/blobs/${sha256('a private note')}`;
    expect((await get(source)).status).toBe(404);
    // Another type than it was sent as, no link, a forged link, another task.
    expect((await get(withParam('type', 'image/gif'))).status).toBe(404);
    const forged = `9999999999.00000000-0000-4000-8000-000000000000.${'x'.repeat(43)}`;
    expect((await get(withParam('token', forged))).status).toBe(404);
    const bare = new URL(url);
    bare.search = `?type=image%2Fpng&task=${url.searchParams.get('task')}`;
    expect((await get(bare)).status).toBe(400);
    const other = await projectWithImage();
    expect((await get(withParam('task', other.task.id))).status).toBe(404);
    // The old capability URL (the hash alone) opens nothing.
    const old = new URL(url);
    old.search = '?type=image%2Fpng';
    expect((await get(old)).status).toBe(400);
  });

  it('serves nothing of a deleted project, and collects the blobs only it referenced', async () => {
    // An image no other project of this file holds.
    const unique = pngOfSize(13, 11);
    const { person, project, url } = await projectWithImage(unique.toString('base64'));
    const imageHash = sha256(unique);
    const upload = await uploadStaticFiles(env.server, person.token, project.id, [
      { name: 'only-here.txt', content: `only in project ${project.id}` },
    ]);
    expect(upload.status).toBe(201);
    const uploadHash = sha256(`only in project ${project.id}`);
    // Another project holds the template's files too: they stay.
    const keeper = await signUp(env.server);
    await readyProject(env.server, env.model, keeper.token, 'Another app');

    const removed = await env.server.request('DELETE', `/api/projects/${project.id}`, {
      token: person.token,
    });
    expect(removed.status).toBe(200);
    expect((await get(url)).status).toBe(404);

    const stored = async (hash: string) =>
      (
        await env.server.database.db
          .select({ hash: blobs.hash })
          .from(blobs)
          .where(eq(blobs.hash, hash))
      ).length > 0;
    await eventually('the project’s own blobs to be collected', async () =>
      (await stored(uploadHash)) ? undefined : true,
    );
    expect(await stored(imageHash)).toBe(false);
    expect(await stored(sha256(TEMPLATE_FILES['src/App.tsx']))).toBe(true);
  });
});
