import { randomUUID } from 'node:crypto';
import {
  type ApiErrorBody,
  ApiCalls,
  JSON_BODY_LIMIT_BYTES,
  MESSAGE_BODY_LIMIT_BYTES,
  type Project,
} from '@mason/contract';
import { signUp } from '../test-utils/accounts';
import { sendLargeBody, watchConnections } from '../test-utils/raw-http';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
let token: string;
let connections: ReturnType<typeof watchConnections>;
beforeAll(async () => {
  server = await startTestApp();
  token = (await signUp(server)).token;
  connections = watchConnections(server.app);
});
afterAll(async () => {
  connections.stop();
  await server.close();
});

const MB = 1024 * 1024;
/** What Node reads of a body it does not want before it stops: its socket and stream buffers. */
const UNREAD_BODY_ALLOWANCE = JSON_BODY_LIMIT_BYTES;

// The calls that take the largest bodies, and one that takes a small one.
const bodyCalls = [
  ['POST', '/api/tasks'],
  ['POST', '/api/projects'],
  ['POST', `/api/tasks/${randomUUID()}/logs`],
  ['PUT', '/api/users/current'],
  ['POST', `/api/projects/${randomUUID()}/static-files`],
] as const;

describe('a caller without a session', () => {
  it.each(bodyCalls)(
    '%s %s gets 401 before the body is read, with a length or chunked',
    async (method, path) => {
      for (const chunked of [false, true]) {
        const answer = await sendLargeBody(server.baseUrl, {
          method,
          path,
          bytes: 60 * MB,
          chunked,
        });
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.text)).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Please log in.',
        });
        expect(answer.headers.connection).toBe('close');
        expect(await connections.bytesReadBy(answer.localPort)).toBeLessThan(UNREAD_BODY_ALLOWANCE);
      }
    },
  );

  it('learns nothing about the body: a broken body gets the same 401 as a good one', async () => {
    for (const [method, path] of bodyCalls.filter(([, path]) => !path.includes('static'))) {
      for (const rawBody of ['{"description": 5, "projectId": []}', '{not json', '[]']) {
        const response = await server.request<ApiErrorBody>(method, path, { rawBody });
        expect(response.status).toBe(401);
        expect(response.body).toEqual({
          statusCode: 401,
          error: 'Unauthorized',
          message: 'Please log in.',
        });
      }
    }
  });

  it('with an ended session gets 401 the same way', async () => {
    const { token: ended } = await signUp(server);
    expect((await server.request('POST', '/api/auth/logout', { token: ended })).status).toBe(204);
    const answer = await sendLargeBody(server.baseUrl, {
      method: 'POST',
      path: '/api/tasks',
      bytes: 30 * MB,
      headers: { authorization: `Bearer ${ended}` },
    });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.text).message).toBe('Your session has ended. Please log in again.');
    expect(await connections.bytesReadBy(answer.localPort)).toBeLessThan(UNREAD_BODY_ALLOWANCE);
  });
});

describe('load without a token', () => {
  it('leaves a signed-in client working while others send large bodies, which are refused unread', async () => {
    const paths = ['/api/tasks', '/api/projects', `/api/tasks/${randomUUID()}/logs`];
    const anonymous = Array.from({ length: 6 }, (_, index) =>
      sendLargeBody(server.baseUrl, {
        method: 'POST',
        path: paths[index % paths.length] ?? '/api/tasks',
        bytes: 80 * MB,
        chunked: index % 2 === 1,
      }),
    );
    const signedIn = Array.from({ length: 30 }, () =>
      server.request('GET', '/api/projects', { token }),
    );
    const [refused, served] = await Promise.all([Promise.all(anonymous), Promise.all(signedIn)]);
    expect(served.map((answer) => answer.status)).toEqual(served.map(() => 200));
    expect(refused.map((answer) => answer.status)).toEqual(refused.map(() => 401));
    for (const answer of refused)
      expect(await connections.bytesReadBy(answer.localPort)).toBeLessThan(UNREAD_BODY_ALLOWANCE);
  });
});

describe('body limits from the table of calls', () => {
  it('refuses a JSON body over 1 MB with 413 before reading it', async () => {
    const answer = await sendLargeBody(server.baseUrl, {
      method: 'PUT',
      path: '/api/users/current',
      bytes: 2 * MB,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request is too large: send at most 1 MB.',
    });
    expect(await connections.bytesReadBy(answer.localPort)).toBeLessThan(UNREAD_BODY_ALLOWANCE);
  });

  it('stops reading a chunked JSON body at its limit', async () => {
    const answer = await sendLargeBody(server.baseUrl, {
      method: 'PUT',
      path: '/api/users/current',
      bytes: 20 * MB,
      chunked: true,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status).toBe(413);
    expect(await connections.bytesReadBy(answer.localPort)).toBeLessThan(
      ApiCalls.updateCurrentUser.bodyLimit + UNREAD_BODY_ALLOWANCE,
    );
  });

  it('lets a message carry its images (above 1 MB) but not more than one message may hold', async () => {
    const project = await server.request<{ project: Project }>('POST', '/api/projects', {
      token,
      body: { description: 'A to-do list' },
    });
    expect(project.status).toBe(201);
    // 2 MB of a body that is no valid message: it is read and validated, not refused for its size.
    const big = await server.request<ApiErrorBody>('POST', '/api/tasks', {
      token,
      body: { projectId: project.body.project.id, description: 'x'.repeat(2 * MB) },
    });
    expect(big.status).toBe(400);
    expect(big.body.fieldErrors).toHaveProperty('description');

    const huge = await sendLargeBody(server.baseUrl, {
      method: 'POST',
      path: '/api/tasks',
      bytes: MESSAGE_BODY_LIMIT_BYTES + 1,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.text).message).toBe('The request is too large: send at most 27.7 MB.');
  });
});

describe('the table of calls', () => {
  it('is where every API route is described: a route without an entry does not start', async () => {
    await expect(
      startTestApp(
        {},
        {
          routes: async (api) => {
            api.get('/planted/:id', async () => ({ ok: true }));
          },
        },
      ),
    ).rejects.toThrow(
      /GET(,HEAD)? \/api\/planted\/:id has no entry in the contract's table of calls/,
    );
  });
});
