import type {
  ApiErrorBody,
  ModelsResponse,
  OpenRouterAuthorizeUrlResponse,
  OpenRouterIntegrationResponse,
  TaskLogOf,
  TaskResponse,
} from '@mason/contract';
import type { BillingSummary } from '@mason/contract/billing';
import { startScriptedModelServer, type ScriptedModelServer } from '@mason/server-agent/testing';
import { startOpenRouterStandIn, type OpenRouterStandIn } from '@mason/server-open-router/testing';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  logsOf,
  scriptedAgent,
  sendMessage,
  waitForIdle,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

// Issue 35 §2: a person who connected their own OpenRouter account runs their turns on its key:
// the real OpenRouter provider code against a loopback stand-in of OpenRouter (its key exchange
// and chat API), which hands the completions of good keys to the scripted model server.
describe("turns on a person's own OpenRouter key", () => {
  let model: ScriptedModelServer;
  let openRouter: OpenRouterStandIn;
  let server: TestApp;

  beforeAll(async () => {
    model = await startScriptedModelServer();
    openRouter = await startOpenRouterStandIn({
      autoRedirect: true,
      upstream: model.openrouterBaseUrl,
    });
    server = await startTestApp({
      // The server's own models run on the scripted Anthropic API; people's keys on "OpenRouter".
      agent: { ...scriptedAgent(model), openRouterBaseUrl: openRouter.apiUrl },
      openRouter: { authUrl: openRouter.authUrl, apiUrl: openRouter.apiUrl },
    });
  });
  afterAll(async () => {
    await server?.close();
    await openRouter?.close();
    await model?.close();
  });

  /** Connects OpenRouter as the person would: its authorize page, then the redirect's code. */
  async function connect(token: string): Promise<string> {
    const { body } = await server.request<OpenRouterAuthorizeUrlResponse>(
      'GET',
      '/api/open-router/authorize-url',
      { token },
    );
    const authorized = await fetch(body.url, { redirect: 'manual' });
    const callback = new URL(authorized.headers.get('location') ?? '');
    const connected = await server.request<OpenRouterIntegrationResponse>(
      'POST',
      '/api/open-router/access-code',
      {
        token,
        body: {
          state: callback.searchParams.get('state'),
          code: callback.searchParams.get('code'),
        },
      },
    );
    expect(connected.status).toBe(200);
    return openRouter.keys.at(-1)?.key ?? '';
  }

  it('offers the models on their key, runs the turn there and charges no Mason credits', async () => {
    const { token } = await signUp(server);
    const before = await server.request<ModelsResponse>('GET', '/api/models', { token });
    expect(before.body.models.some((option) => option.runsOnOwnKey)).toBe(false);
    const key = await connect(token);

    const models = await server.request<ModelsResponse>('GET', '/api/models', { token });
    const sonnet = models.body.models.find((option) => option.model === 'CLAUDE_SONNET_4_5');
    expect(sonnet).toMatchObject({ provider: 'openrouter', available: true, runsOnOwnKey: true });
    // Anyone else still sees the server's own providers.
    const anyone = await server.request<ModelsResponse>('GET', '/api/models');
    expect(anyone.body.models.find((option) => option.model === 'CLAUDE_SONNET_4_5')).toEqual({
      model: 'CLAUDE_SONNET_4_5',
      label: 'Claude Sonnet 4.5',
      provider: 'anthropic',
      available: true,
    });

    model.enqueueFor('own-key-app', {
      text: 'Built on your key.',
      usage: { inputTokens: 100_000, outputTokens: 0 },
    });
    const { firstTask } = await createProject(server, token, 'An own-key-app for notes');
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');

    const turns = openRouter.completions.filter((completion) => completion.key === key);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ model: 'anthropic/claude-sonnet-4.5', status: 200 });
    expect(model.requests.every((request) => request.format === 'openai')).toBe(true);
    const logs = await allLogs(server, token, firstTask.id);
    const [cost] = logsOf(logs, 'TURN_COST') as TaskLogOf<'TURN_COST'>[];
    expect(cost?.payload).toMatchObject({
      chargedCredits: 0,
      waivedReason: 'own_key',
      inputTokens: 100_000,
    });
    expect(cost?.payload.waivedCredits).toBeGreaterThan(0);
    const summary = await server.request<BillingSummary>('GET', '/api/billing/summary', { token });
    expect(summary.body.usage.usedCredits).toBe(0);
    // The usage screen counts the step as run on the person's key, not as a waiver of Mason's.
    expect(summary.body.ownKey).toEqual({ steps: 1, costCredits: expect.any(Number) });
    expect(summary.body.ownKey.costCredits).toBeGreaterThan(0);
    expect(summary.body.waived).toEqual({ steps: 0, costCredits: 0 });
  });

  it('pauses with OPEN_ROUTER_INVALID_KEY when OpenRouter refuses the key mid-task, and goes on once it works again', async () => {
    const { token } = await signUp(server);
    const key = await connect(token);
    model.enqueueFor('revoked-key-app', { text: 'First answer.' });
    const { project, firstTask } = await createProject(server, token, 'A revoked-key-app');
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');

    openRouter.setKey(key, { state: 'revoked' });
    expect(
      (await sendMessage(server, token, firstTask.id, { content: 'Add a title.' })).status,
    ).toBe(201);
    expect(await waitForTask(server, token, firstTask.id)).toMatchObject({
      pauseReason: 'OPEN_ROUTER_INVALID_KEY',
    });
    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request?.content).toBe(
      'OpenRouter refused your key: it may have been revoked or expired. Connect OpenRouter again in Integrations, then resume the task.',
    );
    expect(request?.payload.actions).toEqual([{ action: 'RETRY', label: 'Resume', fields: [] }]);
    await waitForIdle(server, token, project.id);

    openRouter.setKey(key, { state: 'active' });
    model.enqueueFor('revoked-key-app', { text: 'Title added.' });
    const resumed = await server
      .as(token)
      .post<TaskResponse & ApiErrorBody>(`/api/tasks/${firstTask.id}/action`, {
        logId: request?.id,
        params: { action: 'RETRY' },
      });
    expect(resumed.status).toBe(200);
    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
  });

  it('pauses with OPEN_ROUTER_NO_CREDITS when their account runs dry (402)', async () => {
    const { token } = await signUp(server);
    const key = await connect(token);
    openRouter.setKey(key, { state: 'no-credits' });
    const { firstTask } = await createProject(server, token, 'A dry-account-app');

    expect(await waitForTask(server, token, firstTask.id)).toMatchObject({
      pauseReason: 'OPEN_ROUTER_NO_CREDITS',
    });
    const [request] = logsOf(await allLogs(server, token, firstTask.id), 'NEEDS_ATTENTION');
    expect(request?.content).toBe(
      'Your OpenRouter account has no credits left. Top up at OpenRouter, then resume the task.',
    );
  });

  it('runs on the server again once the person disconnects', async () => {
    const { token } = await signUp(server);
    const key = await connect(token);
    expect((await server.request('POST', '/api/open-router/disconnect', { token })).status).toBe(
      200,
    );
    model.enqueueFor('disconnected-app', { text: 'On the server.' });
    const { firstTask } = await createProject(server, token, 'A disconnected-app');

    expect((await waitForTask(server, token, firstTask.id)).state).toBe('COMPLETED');
    expect(openRouter.completions.some((completion) => completion.key === key)).toBe(false);
    const [cost] = logsOf(
      await allLogs(server, token, firstTask.id),
      'TURN_COST',
    ) as TaskLogOf<'TURN_COST'>[];
    expect(cost?.payload.waivedReason).toBeNull();
  });
});
