import {
  type ApiErrorBody,
  STATIC_FILE_MAX_BYTES,
  StaticFilesUploadResponseSchema,
  type Task,
  type TaskLogsResponse,
} from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import * as z from 'zod/mini';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  logsOf,
  readyProject,
  requestText,
  scriptedAgent,
  sendMessage,
  uploadStaticFiles,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

describe('POST /projects/:id/static-files', () => {
  let model: ScriptedModelServer;
  let server: TestApp;
  let token: string;
  let projectId: string;
  let task: Task;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    server = await startTestApp({ agent: scriptedAgent(model) });
    token = (await signUp(server)).token;
    const ready = await readyProject(server, model, token, 'A notes app');
    projectId = ready.project.id;
    task = ready.task;
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });
  beforeEach(() => model.reset());

  const logCount = async () =>
    (
      await server.request<TaskLogsResponse>('GET', `/api/tasks/${task.id}/logs?limit=200`, {
        token,
      })
    ).body.logs.length;

  it('stores two files and answers their ids, names, types and sizes', async () => {
    const response = await uploadStaticFiles(server, token, projectId, [
      { name: 'notes.md', content: '# Notes\nBuy milk', type: 'text/markdown' },
      { name: 'data.csv', content: 'a,b\n1,2\n', type: 'text/csv' },
    ]);
    expect(response.status).toBe(201);
    const { files } = z.parse(StaticFilesUploadResponseSchema, response.body);
    expect(files).toEqual([
      expect.objectContaining({ fileName: 'notes.md', contentType: 'text/markdown', size: 16 }),
      expect.objectContaining({ fileName: 'data.csv', contentType: 'text/csv', size: 8 }),
    ]);
    expect(new Set(files.map((file) => file.id)).size).toBe(2);
  });

  it('attaches uploaded files to a message: the log names them and the model reads their text', async () => {
    const upload = await uploadStaticFiles(server, token, projectId, [
      { name: 'menu.txt', content: 'Soup of the day: tomato with basil' },
      { name: 'prices.csv', content: 'item,price\nsoup,4.50\n', type: 'text/csv' },
    ]);
    const ids = upload.body.files.map((file) => file.id);

    model.enqueue({ text: 'I read the menu.' });
    const sent = await sendMessage(server, token, task.id, {
      content: 'Use the attached menu',
      staticFiles: ids,
    });
    expect(sent.status).toBe(201);
    expect(sent.body.log.payload.staticFiles).toEqual([
      { id: ids[0], fileName: 'menu.txt' },
      { id: ids[1], fileName: 'prices.csv' },
    ]);
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');

    const [, message] = logsOf(await allLogs(server, token, task.id), 'USER_MESSAGE').slice(-2);
    expect(message.payload.staticFiles.map((file) => file.fileName)).toEqual([
      'menu.txt',
      'prices.csv',
    ]);
    const request = requestText(model.requests[0]);
    expect(request).toContain('Soup of the day: tomato with basil');
    expect(request).toContain('soup,4.50');
    expect(request).toContain('menu.txt');
  });

  it('refuses an id from another project with a 400, and writes nothing', async () => {
    const other = await readyProject(server, model, token, 'Another app');
    const upload = await uploadStaticFiles(server, token, other.project.id, [
      { name: 'a.txt', content: 'elsewhere' },
    ]);
    expect(upload.status).toBe(201);
    const before = await logCount();

    for (const staticFiles of [
      [upload.body.files[0].id],
      ['00000000-0000-4000-8000-000000000000'],
      ['not-a-uuid'],
    ]) {
      const sent = await sendMessage(server, token, task.id, {
        content: 'Use this file',
        staticFiles,
      });
      expect(sent.status).toBe(400);
      expect(sent.body.message).toBe('An attached file was not found. Upload it again.');
      expect(sent.body.fieldErrors).toEqual({
        staticFiles: 'An attached file was not found. Upload it again.',
      });
    }
    const created = await server.request<ApiErrorBody>('POST', '/api/tasks', {
      token,
      body: { projectId, description: 'Use this file', staticFiles: [upload.body.files[0].id] },
    });
    expect(created.status).toBe(400);
    expect(await logCount()).toBe(before);
    expect((await waitForTask(server, token, task.id)).state).toBe('COMPLETED');
    expect(model.requests).toHaveLength(1); // only the other project's first turn
  });

  it('answers 400 to more than ten files at once', async () => {
    const files = Array.from({ length: 11 }, (_, index) => ({
      name: `f${index}.txt`,
      content: `file ${index}`,
    }));
    const response = await uploadStaticFiles(server, token, projectId, files);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Attach at most 10 files at once.');
  });

  it('answers 413 to a file over 10 MB', async () => {
    const big = new Uint8Array(STATIC_FILE_MAX_BYTES + 1).fill(97);
    const response = await uploadStaticFiles(server, token, projectId, [
      { name: 'big.txt', content: big },
    ]);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('A file is larger than 10 MB.');
  });

  it('takes a file of exactly 10 MB', async () => {
    const limit = new Uint8Array(STATIC_FILE_MAX_BYTES).fill(98);
    const response = await uploadStaticFiles(server, token, projectId, [
      { name: 'limit.bin', content: limit, type: 'application/octet-stream' },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.files[0]).toMatchObject({
      fileName: 'limit.bin',
      size: STATIC_FILE_MAX_BYTES,
    });
  });

  it('answers 400 to a request that is not multipart, to no file, and to another field name', async () => {
    const json = await server.request<ApiErrorBody>(
      'POST',
      `/api/projects/${projectId}/static-files`,
      { token, body: {} },
    );
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Send the files as multipart/form-data in the field "files".');

    const none = await uploadStaticFiles(server, token, projectId, []);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one file to upload.');

    const wrongField = await uploadStaticFiles(
      server,
      token,
      projectId,
      [{ name: 'a.txt', content: 'a' }],
      'file',
    );
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Send the files in the field "files".');
  });

  it('answers 400 to a multipart body it cannot read, and writes nothing', async () => {
    const before = await logCount();
    const send = (contentType: string, body: string, headers: Record<string, string> = {}) =>
      server.request<ApiErrorBody>('POST', `/api/projects/${projectId}/static-files`, {
        token,
        rawBody: body,
        headers: { 'content-type': contentType, ...headers },
      });
    const part = (boundary: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`;
    for (const response of [
      await send('multipart/form-data', part('x')),
      await send('multipart/form-data; boundary=x', part('x')),
      await send('multipart/form-data; boundary=x', 'not multipart at all'),
    ]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: expect.stringContaining('multipart/form-data'),
      });
    }
    expect(await logCount()).toBe(before);
  });

  it('keeps a file name without control or text-reordering characters', async () => {
    const response = await uploadStaticFiles(server, token, projectId, [
      { name: 'no\u0000tes\u202e.md', content: 'a' },
      { name: '\u0000\u0007', content: 'b' },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.files.map((file) => file.fileName)).toEqual(['notes.md', 'file']);
  });

  it('answers 401 without a session and 404 for a project that is not the caller’s', async () => {
    const anonymous = await uploadStaticFiles(server, undefined, projectId, [
      { name: 'a.txt', content: 'a' },
    ]);
    expect(anonymous.status).toBe(401);
    const stranger = (await signUp(server)).token;
    const foreign = await uploadStaticFiles(server, stranger, projectId, [
      { name: 'a.txt', content: 'a' },
    ]);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('This project does not exist, or it is not yours.');
    const bogus = await uploadStaticFiles(server, token, 'not-a-project', [
      { name: 'a.txt', content: 'a' },
    ]);
    expect(bogus.status).toBe(404);
  });
});
