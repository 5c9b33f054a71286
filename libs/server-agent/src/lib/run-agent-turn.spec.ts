import { createMemoryAgentFiles } from '../testing/memory-files';
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../testing/scripted-model-server';
import {
  OPENROUTER_WIRE,
  WIRES,
  requestText,
  runTurn,
  type Wire,
} from '../test-utils/turn-harness';
import type { TaskLog } from '@mason/contract';
import { historyFromLogs } from './history-from-logs';
import type { Diagnostic } from './types';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const TYPO_APP = `export function App() {
  return <h1>{titel}</h1>;
}
`;

/** Fails while App.tsx still uses the misspelt name. */
function typoCheck(files: ReadonlyMap<string, string>): Diagnostic[] {
  const app = files.get('src/App.tsx') ?? '';
  if (!app.includes('titel')) return [];
  return [
    {
      severity: 'error',
      file: 'src/App.tsx',
      line: 2,
      column: 15,
      message: "Cannot find name 'titel'.",
    },
  ];
}

describe.each(WIRES)('runAgentTurn over $name', (wire) => {
  it('reads, edits, checks, and repairs a compile error', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': TYPO_APP }, { check: typoCheck });
    server.enqueue(
      {
        text: ['Let me ', 'look at ', 'the app.'],
        toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }],
      },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: '<h1>{titel}</h1>',
              new_string: '<main><h1>{titel}</h1></main>',
            },
          },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      {
        text: 'The name is misspelt; fixing it.',
        toolCalls: [
          {
            name: 'edit_file',
            input: { path: 'src/App.tsx', old_string: '{titel}', new_string: "{'Hello'}" },
          },
        ],
      },
      { toolCalls: [{ name: 'check_project', input: {} }] },
      { text: ['I wrapped the title ', 'in a main element.'] },
    );

    const { outcome, events } = await runTurn(server, wire, { files });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(files.files.get('src/App.tsx')).toBe(`export function App() {
  return <main><h1>{'Hello'}</h1></main>;
}
`);
    // The model read the file, then saw the compile error and what fixed it.
    expect(requestText(server, 1)).toContain('return <h1>{titel}</h1>;');
    expect(requestText(server, 3)).toContain("src/App.tsx:2:15 Cannot find name 'titel'.");
    expect(requestText(server, 5)).toContain('The project builds.');
    expect(server.requests).toHaveLength(6);

    const texts = events.filter((e) => e.type === 'text');
    expect(texts.map((e) => e.text)).toEqual([
      'Let me look at the app.',
      'The name is misspelt; fixing it.',
      'I wrapped the title in a main element.',
    ]);
    const firstDraft = texts[0].draftId;
    expect(
      events
        .filter((e) => e.type === 'text-delta' && e.draftId === firstDraft)
        .map((e) => (e as { text: string }).text),
    ).toEqual(['Let me ', 'look at ', 'the app.']);
    expect(new Set(texts.map((e) => e.draftId)).size).toBe(3);
    expect(events.filter((e) => e.type === 'usage')).toHaveLength(6);
    const toolEvents = events.filter((e) => e.type === 'tool-call' || e.type === 'tool-result');
    expect(toolEvents.map((e) => `${e.type}:${e.toolName}`)).toEqual([
      'tool-call:read_file',
      'tool-result:read_file',
      'tool-call:edit_file',
      'tool-result:edit_file',
      'tool-call:check_project',
      'tool-result:check_project',
      'tool-call:edit_file',
      'tool-result:edit_file',
      'tool-call:check_project',
      'tool-result:check_project',
    ]);
  });

  it('checks the build itself when the model ends without checking, and has the model repair it', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': TYPO_APP }, { check: typoCheck });
    server.enqueue(
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: '<h1>{titel}</h1>',
              new_string: '<main><h1>{titel}</h1></main>',
            },
          },
        ],
      },
      { text: 'I wrapped the title.' },
      {
        toolCalls: [
          {
            name: 'edit_file',
            input: { path: 'src/App.tsx', old_string: '{titel}', new_string: "{'Hello'}" },
          },
        ],
      },
      { text: 'Fixed the name too.' },
    );

    const { outcome, events } = await runTurn(server, wire, { files });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(files.files.get('src/App.tsx')).toContain("{'Hello'}");
    // Mason's own check after the first answer, sent back as a message; its second check passes.
    expect(requestText(server, 2)).toContain(
      'Mason checked the project after your edits, and it does not build',
    );
    expect(requestText(server, 2)).toContain("src/App.tsx:2:15 Cannot find name 'titel'.");
    expect(server.requests).toHaveLength(4);
    const checks = events.filter((e) => e.type === 'tool-result' && e.toolName === 'check_project');
    expect(checks.map((e) => (e as { output: string }).output)).toEqual([
      "The project does not build: 1 error.\nsrc/App.tsx:2:15 Cannot find name 'titel'.",
      'The project builds.',
    ]);
  });

  it('makes a change across several files, several tool calls in one step', async () => {
    const files = createMemoryAgentFiles({
      'src/App.tsx':
        "import { Old } from './components/Old';\n\nexport function App() {\n  return <Old />;\n}\n",
      'src/components/Old.tsx': 'export function Old() {\n  return <p>old</p>;\n}\n',
    });
    server.enqueue(
      {
        text: 'Splitting the page into a header and a footer.',
        toolCalls: [
          {
            name: 'write_file',
            input: {
              path: 'src/components/Header.tsx',
              content: 'export function Header() {\n  return <h1>Hi</h1>;\n}\n',
            },
          },
          {
            name: 'write_file',
            input: {
              path: 'src/components/Footer.tsx',
              content: 'export function Footer() {\n  return <p>Bye</p>;\n}\n',
            },
          },
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: "import { Old } from './components/Old';",
              new_string:
                "import { Footer } from './components/Footer';\nimport { Header } from './components/Header';",
            },
          },
          {
            name: 'edit_file',
            input: {
              path: 'src/App.tsx',
              old_string: 'return <Old />;',
              new_string: 'return (\n    <>\n      <Header />\n      <Footer />\n    </>\n  );',
            },
          },
        ],
      },
      {
        toolCalls: [
          { name: 'delete_file', input: { path: 'src/components/Old.tsx' } },
          { name: 'check_project', input: {} },
        ],
      },
      { text: 'Done: a Header and a Footer replace Old.' },
    );

    const { outcome, events } = await runTurn(server, wire, { files });

    expect(outcome).toEqual({ kind: 'completed' });
    expect([...files.files.keys()].sort()).toEqual([
      'src/App.tsx',
      'src/components/Footer.tsx',
      'src/components/Header.tsx',
    ]);
    expect(files.files.get('src/App.tsx')).toBe(
      "import { Footer } from './components/Footer';\nimport { Header } from './components/Header';\n\nexport function App() {\n  return (\n    <>\n      <Header />\n      <Footer />\n    </>\n  );\n}\n",
    );
    expect(events.filter((e) => e.type === 'tool-result' && e.isError)).toEqual([]);
    expect(files.checks).toBe(1);
  });

  it('fails as RATE_LIMITED (429) or PROVIDER_ERROR (500) after one retry', async () => {
    const files = createMemoryAgentFiles();
    server.enqueue({ status: 429 }, { status: 429 });
    const limited = await runTurn(server, wire, { files });
    expect(limited.outcome).toEqual({
      kind: 'failed',
      code: 'RATE_LIMITED',
      message: expect.stringContaining('Wait a minute'),
    });
    expect(server.requests).toHaveLength(2);

    server.reset();
    server.enqueue({ status: 500 }, { status: 500 });
    const broken = await runTurn(server, wire, { files });
    expect(broken.outcome).toEqual({
      kind: 'failed',
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('(500)'),
    });
  });

  it('recovers when the provider fails once (500) and answers on the retry', async () => {
    server.enqueue({ status: 500 }, { text: 'All good.' });
    const { outcome, events } = await runTurn(server, wire, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({ kind: 'completed' });
    expect(events.filter((e) => e.type === 'text').map((e) => e.text)).toEqual(['All good.']);
  });

  it('fails with PROVIDER_AUTH naming the key to check when the provider refuses it (401)', async () => {
    server.enqueue({ status: 401 });
    const { outcome } = await runTurn(server, wire, { files: createMemoryAgentFiles() });
    const keyEnv = wire.model === 'CLAUDE_SONNET_4_5' ? 'ANTHROPIC_API_KEY' : 'LLM_API_KEY';
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'PROVIDER_AUTH',
      message: expect.stringContaining(keyEnv),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('tells the model its tool call could not be read (invalid JSON), and goes on when it retries', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': 'export const App = () => null;\n' });
    server.enqueue(
      { toolCalls: [{ name: 'read_file', input: '{"path": "src/App.tsx"' }] },
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      { text: 'The app renders nothing yet.' },
    );

    const { outcome, events } = await runTurn(server, wire, { files });

    expect(outcome).toEqual({ kind: 'completed' });
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((e) => e.isError)).toEqual([true, false]);
    expect(results[0].output).toMatch(/Invalid input for tool read_file/);
    expect(requestText(server, 1)).toContain('Invalid input for tool read_file');
    expect(requestText(server, 2)).toContain('export const App = () => null;');
  });

  it('tells the model about a tool that does not exist, and goes on', async () => {
    server.enqueue(
      { toolCalls: [{ name: 'run_shell', input: { command: 'ls' } }] },
      { text: 'I will use the file tools.' },
    );
    const { outcome, events } = await runTurn(server, wire, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({ kind: 'completed' });
    expect(events.find((e) => e.type === 'tool-result')).toMatchObject({
      toolName: 'run_shell',
      isError: true,
    });
    expect(requestText(server, 1)).toContain('run_shell');
  });

  it('fails with MALFORMED when the model keeps sending tool calls that cannot be read', async () => {
    const broken = { toolCalls: [{ name: 'write_file', input: '{"path": ' }] };
    server.enqueue(broken, broken, broken, { text: 'never asked for' });
    const { outcome } = await runTurn(server, wire, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'MALFORMED',
      message: expect.stringContaining('could not be read'),
    });
    expect(server.requests).toHaveLength(3);
  });

  it('refuses a path that leaves the project with an error the model reads, and the turn goes on', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': 'export const App = () => null;\n' });
    server.enqueue(
      { toolCalls: [{ name: 'read_file', input: { path: '../../etc/passwd' } }] },
      { toolCalls: [{ name: 'write_file', input: { path: '/tmp/evil.txt', content: 'x' } }] },
      { text: 'I can only work inside the project.' },
    );

    const { outcome, events } = await runTurn(server, wire, { files });

    expect(outcome).toEqual({ kind: 'completed' });
    const results = events.filter((e) => e.type === 'tool-result');
    expect(results.map((e) => [e.isError, e.output])).toEqual([
      [true, '../../etc/passwd leaves the project. Use a path inside it, like "src/App.tsx".'],
      [
        true,
        '/tmp/evil.txt is an absolute path. Use a path relative to the project root, like "src/App.tsx".',
      ],
    ]);
    expect(requestText(server, 1)).toContain('../../etc/passwd leaves the project.');
    expect([...files.files.keys()]).toEqual(['src/App.tsx']);
  });

  it('stops at the repair limit when the project still does not build', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': TYPO_APP }, { check: typoCheck });
    const check = { toolCalls: [{ name: 'check_project', input: {} }] };
    server.enqueue(check, check, check, { text: 'never asked for' });

    const { outcome } = await runTurn(server, wire, { files, limits: { maxRepairs: 1 } });

    expect(outcome).toEqual({
      kind: 'failed',
      code: 'REPAIR_LIMIT',
      message: expect.stringContaining(
        "still does not build after 1 attempt to fix it (src/App.tsx:2:15 Cannot find name 'titel'.)",
      ),
    });
    expect(server.requests).toHaveLength(2);
  });

  it('asks to continue (APPROVAL_THRESHOLD) after the approval steps when the model wants more', async () => {
    const list = { toolCalls: [{ name: 'list_files', input: {} }] };
    server.enqueue(list, list, list, { text: 'never asked for' });

    const { outcome } = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      limits: { approvalSteps: 2 },
    });

    expect(outcome).toEqual({
      kind: 'needs-attention',
      reason: 'APPROVAL_THRESHOLD',
      message: expect.stringMatching(
        /^I have used 2 steps and [\d,]+ tokens on this so far and I am not done yet\. Continue\?$/,
      ),
    });
    expect(server.requests).toHaveLength(2);
  });

  it('asks to continue after the approval tokens, and completes when the model is done in time', async () => {
    const list = {
      toolCalls: [{ name: 'list_files', input: {} }],
      usage: { inputTokens: 600, outputTokens: 100 },
    };
    server.enqueue(list, list, { text: 'never asked for' });
    const heavy = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      limits: { approvalTokens: 1000 },
    });
    expect(heavy.outcome).toEqual({
      kind: 'needs-attention',
      reason: 'APPROVAL_THRESHOLD',
      message:
        'I have used 2 steps and 1,400 tokens on this so far and I am not done yet. Continue?',
    });

    server.reset();
    server.enqueue({ toolCalls: [{ name: 'list_files', input: {} }] }, { text: 'Done.' });
    const light = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      limits: { approvalSteps: 2 },
    });
    expect(light.outcome).toEqual({ kind: 'completed' });
  });

  it('stops with NO_CREDITS when the budget runs out before a step', async () => {
    const before = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      hasBudget: () => false,
    });
    expect(before.outcome).toMatchObject({ kind: 'needs-attention', reason: 'NO_CREDITS' });
    expect(server.requests).toHaveLength(0);

    let calls = 0;
    server.enqueue({ toolCalls: [{ name: 'list_files', input: {} }] }, { text: 'never asked for' });
    const during = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      hasBudget: () => {
        calls += 1;
        return calls === 1;
      },
    });
    expect(during.outcome).toEqual({
      kind: 'needs-attention',
      reason: 'NO_CREDITS',
      message: expect.stringContaining('credits have run out'),
    });
    expect(server.requests).toHaveLength(1);
  });

  it('ends the turn asking for env variables (request_env_variable)', async () => {
    server.enqueue(
      {
        text: 'The weather needs an API key.',
        toolCalls: [
          {
            name: 'request_env_variable',
            input: {
              keys: [
                {
                  key: 'VITE_OPENWEATHER_KEY',
                  description: 'Your OpenWeather API key (openweathermap.org, API keys).',
                },
              ],
              reason: 'The app fetches the forecast from OpenWeather.',
            },
          },
        ],
      },
      { text: 'never asked for' },
    );

    const { outcome, events } = await runTurn(server, wire, { files: createMemoryAgentFiles() });

    expect(outcome).toEqual({
      kind: 'needs-attention',
      reason: 'ENV_VARIABLE',
      message: 'The app needs VITE_OPENWEATHER_KEY. The app fetches the forecast from OpenWeather.',
      envKeys: [
        {
          key: 'VITE_OPENWEATHER_KEY',
          description: 'Your OpenWeather API key (openweathermap.org, API keys).',
        },
      ],
    });
    expect(server.requests).toHaveLength(1);
    expect(events.find((e) => e.type === 'tool-result')).toMatchObject({
      isError: false,
      output: expect.stringContaining('VITE_OPENWEATHER_KEY'),
    });
  });

  it('ends as aborted when the signal is aborted mid-answer, keeping the words said so far', async () => {
    // The whole answer would take 5 × 800 ms.
    server.enqueue({ text: ['One ', 'two ', 'three ', 'four ', 'five.'], delayMs: 800 });
    const controller = new AbortController();
    const { outcome, events } = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'text-delta') controller.abort();
      },
    });

    expect(outcome).toEqual({ kind: 'aborted' });
    // It did not wait for the rest of the answer.
    expect(server.chunks.length).toBeLessThan(5);
    expect(events.filter((e) => e.type === 'text-delta').map((e) => e.text)).toEqual(['One ']);
    expect(events.filter((e) => e.type === 'text').map((e) => e.text)).toEqual(['One ']);

    const late = await runTurn(server, wire, {
      files: createMemoryAgentFiles(),
      signal: AbortSignal.abort(),
    });
    expect(late.outcome).toEqual({ kind: 'aborted' });
  });
});

describe('runAgentTurn through OpenRouter', () => {
  it('runs a turn with tool calls', async () => {
    const files = createMemoryAgentFiles({ 'src/App.tsx': 'export const App = () => null;\n' });
    server.enqueue(
      { toolCalls: [{ name: 'read_file', input: { path: 'src/App.tsx' } }] },
      { text: ['It renders ', 'nothing.'] },
    );
    const { outcome, events } = await runTurn(server, OPENROUTER_WIRE, { files });
    expect(outcome).toEqual({ kind: 'completed' });
    expect(events.filter((e) => e.type === 'text').map((e) => e.text)).toEqual([
      'It renders nothing.',
    ]);
    expect(server.requests.map((r) => [r.path, (r.body as { model: string }).model])).toEqual([
      ['/openrouter/api/v1/chat/completions', 'anthropic/claude-sonnet-4.5'],
      ['/openrouter/api/v1/chat/completions', 'anthropic/claude-sonnet-4.5'],
    ]);
  });

  it('needs attention (OPEN_ROUTER_INVALID_KEY) when OpenRouter refuses the key (401)', async () => {
    server.enqueue({ status: 401, errorMessage: 'No auth credentials found' });
    const { outcome } = await runTurn(server, OPENROUTER_WIRE, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({
      kind: 'needs-attention',
      reason: 'OPEN_ROUTER_INVALID_KEY',
      message: expect.stringContaining('OPENROUTER_API_KEY'),
    });
  });

  it('needs attention (OPEN_ROUTER_NO_CREDITS) when the OpenRouter account has no credits (402)', async () => {
    server.enqueue({ status: 402 });
    const { outcome } = await runTurn(server, OPENROUTER_WIRE, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({
      kind: 'needs-attention',
      reason: 'OPEN_ROUTER_NO_CREDITS',
      message: expect.stringContaining('no credits'),
    });
    expect(server.requests).toHaveLength(1);
  });
});

describe('runAgentTurn with OpenAI (chat completions)', () => {
  const openai: Wire = {
    name: 'openai',
    model: 'GPT_4_1',
    config: (scripted) => ({ openai: { apiKey: 'test-key', baseUrl: scripted.openaiBaseUrl } }),
  };

  it('runs a turn on the chat-completions API with the model id gpt-4.1', async () => {
    server.enqueue(
      { toolCalls: [{ name: 'list_files', input: {} }] },
      { text: 'The project is empty.' },
    );
    const { outcome } = await runTurn(server, openai, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({ kind: 'completed' });
    expect(server.requests[0]).toMatchObject({
      path: '/openai/v1/chat/completions',
      stream: true,
      body: { model: 'gpt-4.1' },
    });
    expect(requestText(server, 1)).toContain('The project has no files yet.');
  });

  it('fails as PROVIDER_UNREACHABLE when nothing answers at the base URL', async () => {
    const gone = await startScriptedModelServer();
    const deadUrl = gone.openaiBaseUrl;
    await gone.close();
    const unreachable: Wire = {
      ...openai,
      config: () => ({ openai: { apiKey: 'test-key', baseUrl: deadUrl } }),
    };
    const { outcome } = await runTurn(server, unreachable, { files: createMemoryAgentFiles() });
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'PROVIDER_UNREACHABLE',
      message: expect.stringContaining('could not reach OpenAI'),
    });
  });
});

describe.each(WIRES)('a conversation rebuilt from the task log, over $name', (wire) => {
  it('reaches the provider with its image, its earlier tool calls and their results', async () => {
    const at = '2025-01-01T00:00:00.000Z';
    const logs: TaskLog[] = [
      {
        id: '1',
        taskId: 't',
        type: 'USER_MESSAGE',
        content: 'Make it look like this',
        createdAt: at,
        payload: {
          images: [{ mediaType: 'image/png', url: '/i.png' }],
          staticFiles: [],
          selectedComponents: [],
          currentPage: null,
          model: null,
        },
      },
      {
        id: '2',
        taskId: 't',
        type: 'TOOL_CALL',
        content: '',
        createdAt: at,
        payload: { toolCallId: 'old-1', toolName: 'list_files', input: {} },
      },
      {
        id: '3',
        taskId: 't',
        type: 'TOOL_RESULT',
        content: '1 file:\nsrc/App.tsx',
        createdAt: at,
        payload: { toolCallId: 'old-1', toolName: 'list_files', isError: false },
      },
      {
        id: '4',
        taskId: 't',
        type: 'AI_MESSAGE',
        content: 'I see one file.',
        createdAt: at,
        payload: { model: null, draftId: null },
      },
      {
        id: '5',
        taskId: 't',
        type: 'USER_MESSAGE',
        content: 'Go on',
        createdAt: at,
        payload: {
          images: [],
          staticFiles: [],
          selectedComponents: [],
          currentPage: null,
          model: null,
        },
      },
    ];
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const messages = await historyFromLogs(
      logs,
      async () => ({ mediaType: 'image/png', data: png }),
      async () => null,
    );
    server.enqueue({ text: 'On it.' });

    const { outcome } = await runTurn(server, wire, { files: createMemoryAgentFiles(), messages });

    expect(outcome).toEqual({ kind: 'completed' });
    const body = requestText(server, 0);
    expect(body).toContain(Buffer.from(png).toString('base64'));
    expect(body).toContain('old-1');
    expect(body).toContain('1 file:\\nsrc/App.tsx');
    expect(body).toContain('I see one file.');
  });
});

describe('runAgentTurn when the caller fails', () => {
  it('rethrows an error of onEvent (its storage) at once, without waiting for the rest of the answer', async () => {
    // The whole answer would take 4 × 800 ms.
    server.enqueue({ text: ['a', 'b', 'c', 'd'], delayMs: 800 });
    const stored = new Error('The database is gone.');
    await expect(
      runTurn(server, WIRES[0], {
        files: createMemoryAgentFiles(),
        onEvent: () => {
          throw stored;
        },
      }),
    ).rejects.toBe(stored);
    expect(server.chunks.length).toBeLessThan(4);
  });
});
