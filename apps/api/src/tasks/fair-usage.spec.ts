import {
  ErrorMessages,
  type ApiErrorBody,
  type Project,
  type ProjectPreviewResponse,
  type TaskLogOf,
} from '@mason/contract';
import type { BillingSummary } from '@mason/contract/billing';
import type { ScriptedReply } from '@mason/server-agent/testing';
import { signUp } from '../test-utils/accounts';
import { requestAsHost } from '../test-utils/preview-host';
import { useScriptedTestApp } from '../test-utils/scripted-test-app';
import {
  allLogs,
  createProject,
  eventually,
  logsOf,
  sendMessage,
  waitForIdle,
  waitForTask,
} from '../test-utils/task-loop';

// Fair usage (issue 12, section 4): each turn says what it cost; the assistant repairing its own
// errors and turns the provider failed are recorded and not charged. The default model costs
// 300 credits per million tokens in and 1500 out: 100 000 tokens in cost 30 credits.
const IN_30_CREDITS = { inputTokens: 100_000, outputTokens: 0 } as const;

/** A reply that costs 30 credits. */
const costly = (reply: ScriptedReply): ScriptedReply => ({ ...reply, usage: IN_30_CREDITS });

const BROKEN_APP = `export function App() {
  return <h1>Broken</h1>
`;
const THROWING_APP = `export function App() {
  throw new Error('Render exploded');
}
`;
const FIXED_APP = `export function App() {
  return <h1>Fixed</h1>;
}
`;

describe('fair usage: what each turn costs, and the turns that are not charged', () => {
  // A long lease: on a busy machine a turn taken over by another worker would be (rightly) waived.
  const env = useScriptedTestApp({ turnLeaseSeconds: 60 });

  const summaryOf = async (token: string) =>
    (await env.server.request<BillingSummary>('GET', '/api/billing/summary', { token })).body;

  const turnCosts = async (token: string, taskId: string) =>
    logsOf(await allLogs(env.server, token, taskId), 'TURN_COST') as TaskLogOf<'TURN_COST'>[];

  it('charges a person’s turn and says what it cost', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'charged-turn',
      costly({ toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] }),
      {
        text: 'The app is as you described.',
        usage: { inputTokens: 50_000, outputTokens: 10_000 },
      },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A charged-turn demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');

    const [cost] = await turnCosts(token, firstTask.id);
    // 30 + (15 + 15) credits.
    expect(cost?.content).toBe('This turn: 60 credits');
    expect(cost?.payload).toEqual({
      chargedCredits: 60,
      waivedCredits: 0,
      waivedReason: null,
      inputTokens: 150_000,
      outputTokens: 10_000,
    });
    const summary = await summaryOf(token);
    expect(summary.usage.usedCredits).toBe(60);
    expect(summary.projects).toEqual([
      // One message (the description) is one turn; the assistant took two model steps in it.
      { projectId: project.id, name: project.name, costCredits: 60, turns: 1, steps: 2 },
    ]);
    expect(summary.waived).toEqual({ steps: 0, costCredits: 0 });
  });

  it('counts a person’s messages as turns on the billing screen, and the model’s steps apart', async () => {
    const { token } = await signUp(env.server);
    // 3 credits a step: ten of them stay inside the free plan's month.
    const small = { inputTokens: 10_000, outputTokens: 0 };
    const step = (path: string): ScriptedReply => ({
      toolCalls: [{ name: 'read_file', input: { path } }],
      usage: small,
    });
    // Two messages, ten model steps: the screen once said "10 turns".
    env.model.enqueueFor(
      'two-messages',
      step('src/App.tsx'),
      step('src/main.tsx'),
      step('index.html'),
      step('src/App.tsx'),
      { text: 'Built it.', usage: small },
    );
    const { project, firstTask } = await createProject(env.server, token, 'A two-messages demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    env.model.enqueueFor(
      'two-messages',
      step('src/App.tsx'),
      step('src/main.tsx'),
      step('index.html'),
      step('src/App.tsx'),
      { text: 'Changed it.', usage: small },
    );
    const sent = await sendMessage(env.server, token, firstTask.id, {
      content: 'Make the two-messages title bigger',
    });
    expect(sent.status).toBe(201);
    await waitForIdle(env.server, token, project.id);
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');

    const summary = await summaryOf(token);
    expect(summary.projects).toEqual([
      { projectId: project.id, name: project.name, costCredits: 30, turns: 2, steps: 10 },
    ]);
  });

  it('does not charge the steps that fix a build the assistant broke, and says so', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'self-repair',
      costly({
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: BROKEN_APP } }],
      }),
      costly({ text: 'Done.' }),
      // Mason's check after the edits fails: what follows is the assistant's own repair.
      costly({
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: FIXED_APP } }],
      }),
      costly({ text: 'Fixed the missing brace.' }),
    );
    const { firstTask } = await createProject(env.server, token, 'A self-repair demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');

    const [cost] = await turnCosts(token, firstTask.id);
    expect(cost?.content).toBe(
      'This turn: 60 credits\nNot charged: the assistant fixed its own error (60 credits)',
    );
    expect(cost?.payload).toMatchObject({
      chargedCredits: 60,
      waivedCredits: 60,
      waivedReason: 'repair',
    });
    const summary = await summaryOf(token);
    expect(summary.usage.usedCredits).toBe(60);
    expect(summary.waived).toEqual({ steps: 2, costCredits: 60 });
  });

  it('does not charge the turn that repairs a runtime error of the assistant’s version', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'runtime-repair',
      costly({
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: THROWING_APP } }],
      }),
      costly({ text: 'Built it.' }),
      costly({
        toolCalls: [{ name: 'write_file', input: { path: 'src/App.tsx', content: FIXED_APP } }],
      }),
      costly({ text: 'Fixed the crash.' }),
    );
    const { project, firstTask } = await createProject(env.server, token, 'A runtime-repair demo');
    expect((await waitForTask(env.server, token, firstTask.id)).state).toBe('COMPLETED');
    expect((await summaryOf(token)).usage.usedCredits).toBe(60);

    const preview = await env.server.request<ProjectPreviewResponse & ApiErrorBody>(
      'GET',
      `/api/projects/${project.id}/preview`,
      { token },
    );
    const reported = await requestAsHost(
      env.port,
      preview.body.url.replace('/?', '/__mason/errors?'),
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'error',
          message: 'Error: Render exploded',
          page: '/',
          phase: 'load',
        }),
      },
    );
    expect(reported.status).toBe(204);
    const costs = await eventually('the repair turn to say what it cost', async () => {
      const found = await turnCosts(token, firstTask.id);
      return found.length === 2 ? found : undefined;
    });

    expect(costs.map((cost) => cost.content)).toEqual([
      'This turn: 60 credits',
      'Not charged: the assistant fixed its own error (60 credits)',
    ]);
    const summary = await summaryOf(token);
    expect(summary.usage.usedCredits).toBe(60);
    expect(summary.projects.map((row) => row.costCredits)).toEqual([60]);
    expect(summary.waived).toEqual({ steps: 2, costCredits: 60 });
  });

  it('does not charge a turn the AI provider failed, and says so', async () => {
    const { token } = await signUp(env.server);
    env.model.enqueueFor(
      'provider-outage',
      costly({ toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] }),
      // The provider fails, and fails again when the SDK retries.
      { status: 503 },
      { status: 503 },
    );
    const { firstTask } = await createProject(env.server, token, 'A provider-outage demo');
    const task = await waitForTask(env.server, token, firstTask.id);
    expect(task.state).toBe('FAILED');

    const [cost] = await turnCosts(token, firstTask.id);
    expect(cost?.content).toBe('Not charged: the AI provider failed (30 credits)');
    expect(cost?.payload).toMatchObject({ chargedCredits: 0, waivedReason: 'provider' });
    const summary = await summaryOf(token);
    expect(summary.usage.usedCredits).toBe(0);
    expect(summary.projects).toEqual([]);
    expect(summary.waived).toEqual({ steps: 1, costCredits: 30 });
  });

  it("refuses a free person's fourth project with a 403 that says why, and creates nothing", async () => {
    const { token } = await signUp(env.server);
    for (const name of ['one', 'two', 'three']) {
      env.model.enqueueFor(`limit-${name}`, { text: 'Ready.' });
      const { firstTask } = await createProject(env.server, token, `A limit-${name} demo`);
      await waitForTask(env.server, token, firstTask.id);
    }

    const refused = await env.server.request<ApiErrorBody>('POST', '/api/projects', {
      token,
      body: { description: 'A fourth project' },
    });

    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ErrorMessages.projectLimitReached);
    const listed = await env.server.request<{ projects: Project[] }>('GET', '/api/projects', {
      token,
    });
    expect(listed.body.projects).toHaveLength(3);
    expect(listed.body.projects.map((project) => project.description)).not.toContain(
      'A fourth project',
    );
  });
});
