import type { ModelsResponse, TaskLogOf } from '@mason/contract';
import type { BillingSummary } from '@mason/contract/billing';
import { billingSettingsFromEnv } from '@mason/server-billing';
import {
  SCRIPTED_MODEL_ID,
  startScriptedModelServer,
  type ScriptedModelServer,
} from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import {
  allLogs,
  createProject,
  logsOf,
  requestText,
  scriptedAgent,
  waitForTask,
} from '../test-utils/task-loop';
import { startTestApp, type TestApp } from '../test-utils/test-app';

// Issue 33, section 3: a model served through LLM_BASE_URL is the operator's own model, named by
// its id (LLM_MODEL) and priced only as the operator says (LLM_PRICE_*_PER_MTOK); no catalogue
// model runs there under its name or is charged at its price. Section 6: a task whose caller
// names no model gets what runs here.
const LABEL = `${SCRIPTED_MODEL_ID} (your endpoint)`;
const TOKENS = { inputTokens: 100_000, outputTokens: 10_000 } as const;

/** A Mason whose one model is the scripted server as an OpenAI-compatible endpoint. */
function useEndpointMason(env: Record<string, string>) {
  const servers: { model?: ScriptedModelServer; mason?: TestApp } = {};
  beforeAll(async () => {
    servers.model = await startScriptedModelServer();
    servers.mason = await startTestApp({
      agent: scriptedAgent(servers.model, 'openai'),
      billing: billingSettingsFromEnv(env),
    });
  });
  afterAll(async () => {
    await servers.mason?.close();
    await servers.model?.close();
  });
  return {
    get model() {
      if (!servers.model) throw new Error('The servers start in beforeAll.');
      return servers.model;
    },
    get mason() {
      if (!servers.mason) throw new Error('The servers start in beforeAll.');
      return servers.mason;
    },
  };
}

/** A project the endpoint builds (its caller names no model), with one answer of TOKENS. */
async function oneTurn(env: ReturnType<typeof useEndpointMason>, key: string) {
  const { token } = await signUp(env.mason);
  env.model.enqueueFor(key, { text: 'Your app is ready.', usage: TOKENS });
  const { project, firstTask } = await createProject(env.mason, token, `A ${key} tracker`);
  const task = await waitForTask(env.mason, token, firstTask.id);
  const logs = await allLogs(env.mason, token, task.id);
  const summary = (
    await env.mason.request<BillingSummary>('GET', '/api/billing/summary', { token })
  ).body;
  return { token, project, firstTask, task, logs, summary };
}

describe('the operator’s model at LLM_BASE_URL, without a price', () => {
  const env = useEndpointMason({});

  it('is offered by its own id, and no catalogue model is said to run on it', async () => {
    const { models, setupHint } = (await env.mason.request<ModelsResponse>('GET', '/api/models'))
      .body;
    expect(setupHint).toBeNull();
    expect(models.filter((option) => option.available)).toEqual([
      { model: 'ENDPOINT', label: LABEL, provider: 'openai-compatible', available: true },
    ]);
    expect(models.find((option) => option.model === 'CLAUDE_SONNET_4_5')).toEqual({
      model: 'CLAUDE_SONNET_4_5',
      label: 'Claude Sonnet 4.5',
      provider: null,
      available: false,
    });
  });

  it('builds a project named by nobody’s model choice, answers under its id, and charges nothing: the usage says why', async () => {
    const { firstTask, task, logs, summary } = await oneTurn(env, 'unpriced-endpoint');
    // Sonnet cannot run here: the task gets the model that can.
    expect(firstTask.model).toBe('ENDPOINT');
    expect(task.state).toBe('COMPLETED');
    const request = env.model.requests.find((sent) =>
      requestText(sent).includes('unpriced-endpoint'),
    );
    expect((request?.body as { model?: string } | undefined)?.model).toBe(SCRIPTED_MODEL_ID);

    const [answer] = logsOf(logs, 'AI_MESSAGE');
    expect(answer?.payload).toMatchObject({ model: 'ENDPOINT', modelLabel: LABEL });
    const [cost] = logsOf(logs, 'TURN_COST') as TaskLogOf<'TURN_COST'>[];
    expect(cost?.content).toBe(`Not charged: no price set for ${LABEL}`);
    expect(cost?.payload).toMatchObject({
      chargedCredits: 0,
      waivedCredits: 0,
      unpricedModel: LABEL,
      ...TOKENS,
    });

    expect(summary.usage.usedCredits).toBe(0);
    expect(summary.unpriced).toEqual([{ model: 'ENDPOINT', ...TOKENS }]);
  });

  it('never runs a catalogue model on the endpoint: asked for Claude Sonnet 4.5, the task says what to set', async () => {
    const { token } = await signUp(env.mason);
    const before = env.model.requests.length;
    const created = await env.mason.request<{ firstTask: { id: string } }>(
      'POST',
      '/api/projects',
      { token, body: { description: 'A sonnet-only app', model: 'CLAUDE_SONNET_4_5' } },
    );
    expect(created.status).toBe(201);
    const task = await waitForTask(env.mason, token, created.body.firstTask.id);
    expect(task.state).toBe('FAILED');
    const errors = logsOf(await allLogs(env.mason, token, task.id), 'ERROR');
    expect(errors.map((log) => log.content)).toContain(
      `Claude Sonnet 4.5 is not set up here: set ANTHROPIC_API_KEY or OPENROUTER_API_KEY and restart Mason, or pick another model (${LABEL}).`,
    );
    expect(
      env.model.requests.slice(before).some((sent) => requestText(sent).includes('sonnet-only')),
    ).toBe(false);
  });
});

describe('the operator’s model at LLM_BASE_URL, with LLM_PRICE_INPUT_PER_MTOK and LLM_PRICE_OUTPUT_PER_MTOK', () => {
  // $2 a million tokens in, $10 out: 100 000 in are 20 cents, 10 000 out are 10 cents.
  const env = useEndpointMason({ LLM_PRICE_INPUT_PER_MTOK: '2', LLM_PRICE_OUTPUT_PER_MTOK: '10' });

  it('charges a turn at the operator’s price, never at another model’s', async () => {
    const { task, logs, summary } = await oneTurn(env, 'priced-endpoint');
    expect(task.state).toBe('COMPLETED');
    const [cost] = logsOf(logs, 'TURN_COST') as TaskLogOf<'TURN_COST'>[];
    expect(cost?.content).toBe('This turn: 30 credits');
    expect(cost?.payload).toMatchObject({ chargedCredits: 30, ...TOKENS });
    expect(cost?.payload.unpricedModel).toBeUndefined();
    expect(summary.usage.usedCredits).toBe(30);
    expect(summary.unpriced).toEqual([]);
  });
});
