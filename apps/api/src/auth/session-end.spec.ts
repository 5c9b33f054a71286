import http from 'node:http';
import type {
  ApiErrorBody,
  ProjectCodeResponse,
  ProjectPreviewResponse,
  TaskLogsResponse,
} from '@mason/contract';
import { linkToken, login, mailWithSubject, signUp, waitForMails } from '../test-utils/accounts';
import { PIXEL_PNG } from '../test-utils/images';
import { requestAsHost } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import {
  logsOf,
  openTaskEvents,
  readyProject,
  sendMessage,
  waitForTask,
} from '../test-utils/task-loop';

/**
 * A session ends everywhere it is used: its event streams close at once, and every link it was
 * given (a preview, a code download, an attached image) stops working.
 */
describe('when a session ends', () => {
  const env = useScriptedTestApp();

  /** The preview's live stream (on the preview's own host), as the bridge opens it. */
  function openPreviewLive(preview: ProjectPreviewResponse) {
    const token = new URL(preview.url).searchParams.get('mason_preview') ?? '';
    const request = http.get({
      host: '127.0.0.1',
      port: env.port,
      path: `/__mason/live?mason_preview=${encodeURIComponent(token)}`,
      headers: { host: new URL(preview.origin).host },
    });
    const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on('response', resolve);
      request.on('error', reject);
    });
    const ended = opened.then(
      (response) =>
        new Promise<void>((resolve) => {
          response.resume();
          response.on('close', resolve);
        }),
    );
    return { opened, ended, close: () => request.destroy() };
  }

  /** A person with a project, one message with an image, and every kind of link. */
  async function personWithLinks() {
    const person = await signUp(env.server);
    const { project, task } = await readyProject(env.server, env.model, person.token, 'A diary');
    env.model.enqueue({ text: 'Nice picture.' });
    await sendMessage(env.server, person.token, task.id, {
      content: 'Like this',
      images: [{ mediaType: 'image/png', content: PIXEL_PNG }],
    });
    await waitForTask(env.server, person.token, task.id);
    const links = async (token: string) => {
      const preview = await env.server.request<ProjectPreviewResponse>(
        'GET',
        `/api/projects/${project.id}/preview`,
        { token },
      );
      const code = await env.server.request<ProjectCodeResponse>(
        'GET',
        `/api/projects/${project.id}/code`,
        { token },
      );
      const logs = await env.server.request<TaskLogsResponse>(
        'GET',
        `/api/tasks/${task.id}/logs?limit=200`,
        { token },
      );
      const [message] = logsOf(logs.body.logs, 'USER_MESSAGE').filter(
        (log) => log.payload.images.length > 0,
      );
      return {
        preview: preview.body,
        code: code.body.downloadUrl,
        image: message?.payload.images[0]?.url ?? '',
      };
    };
    return { person, project, task, links };
  }

  const open = {
    preview: async (preview: ProjectPreviewResponse) =>
      (await requestAsHost(env.port, preview.url)).status,
    code: async (url: string) => (await fetch(`${env.server.baseUrl}${url}`)).status,
    image: async (url: string) => (await fetch(`${env.server.baseUrl}${url}`)).status,
  };

  it('at logout its streams close and its links stop working; another session of the person goes on', async () => {
    const { person, task, links } = await personWithLinks();
    const elsewhere = await login(env.server, person.email, person.password);
    expect(elsewhere.status).toBe(200);
    const otherToken = elsewhere.body.token;

    const mine = await links(person.token);
    const theirs = await links(otherToken);
    for (const link of [mine, theirs]) {
      expect(await open.preview(link.preview)).toBe(200);
      expect(await open.code(link.code)).toBe(200);
      expect(await open.image(link.image)).toBe(200);
    }
    const stream = await openTaskEvents(env.server.baseUrl, task.id, { token: person.token });
    const otherStream = await openTaskEvents(env.server.baseUrl, task.id, { token: otherToken });
    const live = openPreviewLive(mine.preview);
    expect((await live.opened).statusCode).toBe(200);

    const logout = await env.server.request('POST', '/api/auth/logout', { token: person.token });
    expect(logout.status).toBe(204);

    await stream.ended;
    await live.ended;
    expect(await open.preview(mine.preview)).toBe(403);
    expect(await open.code(mine.code)).toBe(403);
    expect(await open.image(mine.image)).toBe(404);

    // The other session's stream still carries what happens, and its links still work.
    env.model.enqueue({ text: 'Still here.' });
    await sendMessage(env.server, otherToken, task.id, { content: 'Are you there?' });
    await otherStream.waitFor(
      (event) => event.data.type === 'log' && event.data.log.content === 'Still here.',
    );
    expect(await open.preview(theirs.preview)).toBe(200);
    expect(await open.code(theirs.code)).toBe(200);
    expect(await open.image(theirs.image)).toBe(200);
    otherStream.close();
  });

  it('a password reset ends the streams and links of every session', async () => {
    const { person, task, links } = await personWithLinks();
    const before = await links(person.token);
    const stream = await openTaskEvents(env.server.baseUrl, task.id, { token: person.token });
    const live = openPreviewLive(before.preview);
    expect((await live.opened).statusCode).toBe(200);

    await env.server.request('POST', '/api/auth/password-reset', { body: { email: person.email } });
    const mail = mailWithSubject(await waitForMails(env.server, person.email, 2), /reset/i);
    const reset = await env.server.request<ApiErrorBody>(
      'POST',
      '/api/auth/password-reset/confirm',
      {
        body: { token: linkToken(mail, 'password-reset'), password: 'a new password 9' },
      },
    );
    expect(reset.status).toBe(200);

    await stream.ended;
    await live.ended;
    expect(await open.preview(before.preview)).toBe(403);
    expect(await open.code(before.code)).toBe(403);
    expect(await open.image(before.image)).toBe(404);
  });
});
