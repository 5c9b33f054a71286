import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, jsonSchema, tool } from 'ai';
import { transform } from 'esbuild';
import type { Diagnostic } from '../lib/types';
import { WIRES, runTurn } from '../test-utils/turn-harness';
import { componentSource, planFor } from './demo-builder';
import { createMemoryAgentFiles } from './memory-files';
import {
  SCRIPTED_CONTROL,
  startScriptedModelServer,
  type ScriptedModelServer,
} from './scripted-model-server';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer({ demoDelayMs: 0 });
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const TEMPLATE_APP = `import './App.css';

export function App() {
  return (
    <main className="app">
      <h1>Welcome</h1>
    </main>
  );
}
`;

/** A stand-in compiler: every './components/X' import must exist as src/components/X.tsx. */
function importsResolve(files: ReadonlyMap<string, string>): Diagnostic[] {
  const app = files.get('src/App.tsx') ?? '';
  return [...app.matchAll(/from '\.\/components\/(\w+)'/g)]
    .filter(([, name]) => !files.has(`src/components/${name}.tsx`))
    .map(([, name]) => ({
      severity: 'error',
      file: 'src/App.tsx',
      line: 1,
      column: 1,
      message: `Cannot find module './components/${name}'.`,
    }));
}

describe.each(WIRES)('the demo builder (no queued replies) over $name', (wire) => {
  it('builds a component named after the request and puts it on the page', async () => {
    const files = createMemoryAgentFiles(
      { 'src/App.tsx': TEMPLATE_APP, 'src/App.css': '' },
      { check: importsResolve },
    );

    const { outcome, events } = await runTurn(server, wire, {
      files,
      prompt: 'Build me a habit tracker please',
    });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(files.files.get('src/components/HabitTracker.tsx')).toContain(
      'export function HabitTracker()',
    );
    expect(files.files.get('src/App.tsx')).toBe(`import './App.css';
import { HabitTracker } from './components/HabitTracker';

export function App() {
  return (
    <main className="app">
      <h1>Welcome</h1>
      <HabitTracker />
    </main>
  );
}
`);
    expect(files.checks).toBe(1);
    expect(events.filter((e) => e.type === 'tool-result' && e.isError)).toEqual([]);
    const texts = events.filter((e) => e.type === 'text').map((e) => e.text);
    expect(texts[texts.length - 1]).toBe(
      'Done: I added the HabitTracker component in src/components/HabitTracker.tsx and placed it in src/App.tsx. The project builds.',
    );
    expect(server.requests).toHaveLength(5);
  });

  it('rewrites App.tsx when it has no shape to edit, and builds again for a follow-up request', async () => {
    const files = createMemoryAgentFiles(
      { 'src/App.tsx': 'export default () => null;\n' },
      { check: importsResolve },
    );
    const first = await runTurn(server, wire, { files, prompt: 'a pomodoro timer' });
    expect(first.outcome).toEqual({ kind: 'completed' });
    expect(files.files.get('src/App.tsx')).toContain('<PomodoroTimer />');
    expect(files.files.get('src/App.tsx')).toContain('export default App;');

    server.reset();
    const followUp = await runTurn(server, wire, {
      files,
      messages: [
        { role: 'user', content: 'a pomodoro timer' },
        { role: 'assistant', content: 'Done: I added the PomodoroTimer component.' },
        { role: 'user', content: 'Now add a reading list' },
      ],
    });
    expect(followUp.outcome).toEqual({ kind: 'completed' });
    expect(files.files.get('src/App.tsx')).toMatch(
      /<PomodoroTimer \/>\n\s+<ReadingList \/>\n\s+<\/main>/,
    );
    expect(files.files.has('src/components/ReadingList.tsx')).toBe(true);
  });
});

describe('planFor', () => {
  it('names the component after the words of the request and picks a list or a counter', () => {
    expect(planFor('Build me a todo list app')).toMatchObject({
      name: 'TodoList',
      kind: 'list',
      path: 'src/components/TodoList.tsx',
    });
    expect(planFor('A pomodoro timer with sounds')).toMatchObject({
      name: 'PomodoroTimer',
      kind: 'counter',
    });
    expect(planFor('an app')).toMatchObject({ name: 'Counter', kind: 'counter' });
    expect(planFor('my shopping')).toMatchObject({ name: 'Shopping', kind: 'list' });
  });
});

describe('componentSource', () => {
  it.each(['a todo list', 'a counter'])('writes TSX that compiles (%s)', async (request) => {
    const source = componentSource(planFor(request));
    await expect(transform(source, { loader: 'tsx', jsx: 'automatic' })).resolves.toMatchObject({
      warnings: [],
    });
  });
});

describe('the scripted model server', () => {
  it('takes replies and answers requests over its HTTP control API', async () => {
    const queued = await fetch(`${server.url}${SCRIPTED_CONTROL.replies}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ text: 'From another process.' }]),
    });
    expect(queued.status).toBe(200);
    expect(await queued.json()).toEqual({ queued: 1, pending: 1 });

    const model = createOpenAICompatible({
      name: 'scripted',
      baseURL: server.openaiBaseUrl,
    }).chatModel('any-model');
    const { text } = await generateText({ model, prompt: 'Hello' });
    expect(text).toBe('From another process.');

    const requests = (await (await fetch(`${server.url}${SCRIPTED_CONTROL.requests}`)).json()) as {
      format: string;
      stream: boolean;
      body: { model: string };
    }[];
    expect(requests).toEqual([
      expect.objectContaining({
        format: 'openai',
        stream: false,
        body: expect.objectContaining({ model: 'any-model' }),
      }),
    ]);

    expect((await fetch(`${server.url}${SCRIPTED_CONTROL.reset}`, { method: 'POST' })).status).toBe(
      200,
    );
    expect(await (await fetch(`${server.url}${SCRIPTED_CONTROL.requests}`)).json()).toEqual([]);
  });

  it('answers each conversation with the replies queued for a key it contains, others from the shared queue', async () => {
    await fetch(`${server.url}${SCRIPTED_CONTROL.replies}?key=alpha-7`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([{ text: 'For alpha.' }]),
    });
    server.enqueueFor('beta-9', { text: 'For beta.' });
    server.enqueue({ text: 'For anyone.' });
    const model = createOpenAICompatible({
      name: 'scripted',
      baseURL: server.openaiBaseUrl,
    }).chatModel('m');
    const answer = async (prompt: string) => (await generateText({ model, prompt })).text;
    expect(await answer('Build beta-9 please')).toBe('For beta.');
    expect(await answer('Something else')).toBe('For anyone.');
    expect(await answer('Now alpha-7')).toBe('For alpha.');
  });

  it('refuses a control request that is not JSON replies, and an unknown path, with a clear message', async () => {
    const bad = await fetch(`${server.url}${SCRIPTED_CONTROL.replies}`, {
      method: 'POST',
      body: 'nope',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      message: 'Send a JSON array of replies (or one reply object).',
    });
    const unknown = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /chat\/completions/,
    );
  });

  it('answers without streaming in both formats, text and tool calls', async () => {
    const tools = {
      read_file: tool({
        inputSchema: jsonSchema<{ path: string }>({
          type: 'object',
          properties: { path: { type: 'string' } },
          required: ['path'],
        }),
      }),
    };
    const anthropic = createAnthropic({ apiKey: 'k', baseURL: server.anthropicBaseUrl })(
      'claude-sonnet-4-5',
    );
    const compatible = createOpenAICompatible({
      name: 'scripted',
      baseURL: server.openaiBaseUrl,
    }).chatModel('m');
    for (const model of [anthropic, compatible]) {
      server.enqueue({
        text: 'Reading.',
        toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
        usage: { inputTokens: 7, outputTokens: 3 },
      });
      const result = await generateText({ model, prompt: 'Read the app', tools });
      expect(result.text).toBe('Reading.');
      expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
        ['read_file', { path: 'src/App.tsx' }],
      ]);
      expect(result.usage).toMatchObject({ inputTokens: 7, outputTokens: 3 });
    }
  });

  it.each(['anthropic', 'openai'] as const)(
    'reports each streamed text chunk with the time it was written (%s)',
    async (format) => {
      server.enqueue({ text: ['one ', 'two ', 'three'], delayMs: 20 });
      const before = performance.timeOrigin + performance.now();
      const messages = [{ role: 'user', content: 'Count' }];
      const body =
        format === 'anthropic'
          ? { model: 'm', max_tokens: 10, stream: true, messages }
          : { model: 'm', stream: true, messages };
      const base = format === 'anthropic' ? server.anthropicBaseUrl : server.openaiBaseUrl;
      const path = format === 'anthropic' ? '/messages' : '/chat/completions';
      const answer = await fetch(`${base}${path}`, { method: 'POST', body: JSON.stringify(body) });
      const streamed = await answer.text();
      const after = performance.timeOrigin + performance.now();

      const chunks = (await (await fetch(`${server.url}${SCRIPTED_CONTROL.chunks}`)).json()) as {
        text: string;
        writtenAt: number;
      }[];
      expect(chunks.map((chunk) => chunk.text)).toEqual(['one ', 'two ', 'three']);
      expect(streamed).toContain('"three"');
      const times = chunks.map((chunk) => chunk.writtenAt);
      expect(times[0]).toBeGreaterThanOrEqual(before);
      expect(times[2]).toBeLessThanOrEqual(after);
      // The chunks were written one delay apart, in order.
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(15);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(15);
      expect(server.chunks).toEqual(chunks);

      server.reset();
      expect(await (await fetch(`${server.url}${SCRIPTED_CONTROL.chunks}`)).json()).toEqual([]);
    },
  );

  it('answers an error status with a provider-like body', async () => {
    server.enqueue({ status: 401 }, { status: 429, errorMessage: 'Slow down.' });
    const anthropic = await fetch(`${server.anthropicBaseUrl}/messages`, {
      method: 'POST',
      body: '{"messages":[]}',
    });
    expect(anthropic.status).toBe(401);
    expect(await anthropic.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'Invalid API key.' },
    });
    const openai = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
      method: 'POST',
      body: '{"messages":[]}',
    });
    expect(openai.status).toBe(429);
    expect(openai.headers.get('retry-after-ms')).toBe('10');
    expect(await openai.json()).toEqual({
      error: { message: 'Slow down.', type: 'rate_limit_error', code: 429 },
    });
  });
});
