import { Writable } from 'node:stream';
import type { ProjectCodeResponse, ProjectPreviewResponse } from '@mason/contract';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import { requestAsHost } from '../test-utils/preview-host';
import { readyProject, scriptedAgent } from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { redactUrl } from '@mason/server-http';

describe('redactUrl', () => {
  it.each([
    [
      '/api/projects/p/code/download?version=v&token=123.abc',
      '/api/projects/p/code/download?version=v&token=[redacted]',
    ],
    ['/?mason_preview=1.s.x&page=2', '/?mason_preview=[redacted]&page=2'],
    [
      '/__mason/live?build=k&mason_%70review=secret',
      '/__mason/live?build=k&mason_%70review=[redacted]',
    ],
    ['/verify-email/abcDEF123', '/verify-email/[redacted]'],
    ['/password-reset/abcDEF123?x=1', '/password-reset/[redacted]?x=1'],
    ['/api/projects?limit=5', '/api/projects?limit=5'],
    ['/api/x?%E0%A4%A=1', '/api/x?%E0%A4%A=1'],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});

describe('the server log', () => {
  let model: ScriptedModelServer;
  let server: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    model = await startScriptedModelServer();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestApp(
      { agent: scriptedAgent(model) },
      { logger: { level: 'info', stream: sink } },
    );
  });
  afterAll(async () => {
    await server?.close();
    await model?.close();
  });

  it('keeps preview tokens, download links and e-mailed tokens out of logged request URLs', async () => {
    const { token } = await signUp(server);
    const { project } = await readyProject(server, model, token);
    const preview = await server.request<ProjectPreviewResponse>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    const code = await server.request<ProjectCodeResponse>(
      'GET',
      `/api/projects/${project.id}/code`,
      {
        token,
      },
    );
    const port = Number(new URL(server.baseUrl).port);
    expect((await requestAsHost(port, preview.body.url)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}${code.body.downloadUrl}`)).status).toBe(200);
    await fetch(`${server.baseUrl}/verify-email/an-emailed-secret-token-1234567890`);

    const previewToken = new URL(preview.body.url).searchParams.get('mason_preview') ?? '';
    const codeToken =
      new URL(code.body.downloadUrl, server.baseUrl).searchParams.get('token') ?? '';
    const log = lines.join('\n');
    expect(log).toContain('/code/download?version=');
    expect(log).toContain('[redacted]');
    for (const secret of [previewToken, codeToken, 'an-emailed-secret-token-1234567890', token]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });

  it('never holds an environment variable’s value: set, refused, listed, deleted or built into a preview', async () => {
    const { token } = await signUp(server);
    const { project } = await readyProject(server, model, token);
    const env = `/api/projects/${project.id}/env`;
    const secrets = ['sk-live-logged-never-0451', 'visible-greeting-not-logged-9321'];
    const set = await server.as(token).post(env, { key: 'PAYMENT_KEY', value: secrets[0] });
    expect(set.status).toBe(200);
    const greeting = await server.as(token).post(env, { key: 'VITE_GREETING', value: secrets[1] });
    expect(greeting.status).toBe(200);
    const refused = await server.as(token).post(env, { key: '1-NOT-A-KEY', value: secrets[0] });
    expect(refused.status).toBe(400);
    const listed = await server.as(token).get(env);
    expect(JSON.stringify(listed.body)).toContain(secrets[0]);
    const preview = await server.request<ProjectPreviewResponse>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    const port = Number(new URL(server.baseUrl).port);
    expect((await requestAsHost(port, preview.body.url)).status).toBe(200);
    expect((await server.as(token).delete(`${env}/PAYMENT_KEY`)).status).toBe(200);

    const log = lines.join('\n');
    expect(log).toContain(`POST","url":"${env}"`);
    expect(log).toContain('request refused');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
