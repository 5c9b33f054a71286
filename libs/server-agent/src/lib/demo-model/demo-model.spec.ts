import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
import { demoAppFor } from './demo-app';
import { createDemoModel } from './demo-model';
import { throwFixFor } from './demo-repair';

const APP = `import { useState } from 'react';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <button className="bg-green-600 text-white" onClick={() => { throw new Error('Boom at the button'); }}>
      Add expense {count}
    </button>
  );
}
`;

const user = (text: string): LanguageModelV3Prompt[number] => ({
  role: 'user',
  content: [{ type: 'text', text }],
});

async function step(prompt: LanguageModelV3Prompt) {
  const result = await createDemoModel().doGenerate({ prompt } as LanguageModelV3CallOptions);
  return result.content;
}

/** The one tool call of a step, and its input. */
function callOf(content: Awaited<ReturnType<typeof step>>) {
  const calls = content.filter((part) => part.type === 'tool-call');
  expect(calls).toHaveLength(1);
  const [call] = calls;
  return call?.type === 'tool-call'
    ? { toolName: call.toolName, input: JSON.parse(call.input) as Record<string, string> }
    : { toolName: '', input: {} };
}
const inputOf = (content: Awaited<ReturnType<typeof step>>) => callOf(content).input;
const saidIn = (content: Awaited<ReturnType<typeof step>>) =>
  content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ');

/** The prompt after the demo called `toolName` with `input` and got `output` back. */
function after(
  prompt: LanguageModelV3Prompt,
  toolName: string,
  input: unknown,
  output: string,
  failed = false,
): LanguageModelV3Prompt {
  return [
    ...prompt,
    {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: toolName, toolName, input }],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: toolName,
          toolName,
          output: { type: failed ? 'error-text' : 'text', value: output },
        },
      ],
    },
  ];
}

describe('the offline demo model repairing an error', () => {
  const history: LanguageModelV3Prompt = [
    user('An expense tracker with rent and food'),
    { role: 'assistant', content: [{ type: 'text', text: 'Built Expense tracker.' }] },
  ];

  it.each([
    [
      "Mason's report",
      "[Mason: the app's live preview reported an error] The preview of version 4 stopped with an error: Error: Boom at the button Fixing it (attempt 1 of 2).",
    ],
    [
      'Fix with AI',
      'Fix these errors from the preview:\n\n1. Error: Uncaught Error: Boom at the button',
    ],
  ])(
    'reads the file and changes only the line that throws (%s), never rewriting it',
    async (_, request) => {
      const asked = [...history, user(request)];
      const first = await step(asked);
      const read = first.find((part) => part.type === 'tool-call');
      expect(read).toMatchObject({ toolName: 'read_file' });
      expect(JSON.parse(read?.type === 'tool-call' ? read.input : '{}')).toEqual({
        path: 'src/App.tsx',
      });

      const second = await step(after(asked, 'read_file', { path: 'src/App.tsx' }, APP));
      const calls = second.filter((part) => part.type === 'tool-call');
      expect(calls.map((call) => call.toolName)).toEqual(['edit_file']);
      const edit = JSON.parse(calls[0]?.type === 'tool-call' ? calls[0].input : '{}');
      expect(edit).toEqual({
        path: 'src/App.tsx',
        old_string: "throw new Error('Boom at the button')",
        new_string: "console.error(new Error('Boom at the button'))",
      });

      const edited = after(
        after(asked, 'read_file', { path: 'src/App.tsx' }, APP),
        'edit_file',
        edit,
        'Edited src/App.tsx: replaced 1 line with 1 line.',
      );
      const last = await step(edited);
      expect(last.some((part) => part.type === 'tool-call')).toBe(false);
      expect(last.find((part) => part.type === 'text')).toMatchObject({
        text: expect.stringContaining('Only that line changed'),
      });
    },
  );

  it('changes nothing and says so when it finds no throw to fix', async () => {
    const asked = [
      ...history,
      user('Fix these errors from the preview:\n\n1. Error: fetch failed'),
    ];
    const answer = await step(
      after(asked, 'read_file', { path: 'src/App.tsx' }, 'export function App() {}\n'),
    );
    expect(answer.some((part) => part.type === 'tool-call')).toBe(false);
    expect(answer.find((part) => part.type === 'text')).toMatchObject({
      text: expect.stringContaining('changed nothing'),
    });
  });

  it('does not take an error report for something to build into the app', async () => {
    const asked = [
      user('A packing list with towel, hat'),
      user(
        "[Mason: the app's live preview reported an error] The preview of version 4 stopped with an error: Error: Boom Fixing it (attempt 1 of 2).",
      ),
      { role: 'assistant', content: [{ type: 'text', text: 'Fixed it.' }] } as const,
      user('Add sunscreen'),
    ] satisfies LanguageModelV3Prompt;
    const app = demoAppFor(['A packing list with towel, hat']).source;
    const edit = inputOf(await step(after(asked, 'read_file', { path: 'src/App.tsx' }, app)));
    expect(edit.new_string).toBe('const FIRST_ITEMS = ["Towel", "Hat", "Sunscreen"];');
    expect(JSON.stringify(edit)).not.toMatch(/version 4|error|boom/i);
  });

  it('picks the throw the report names', () => {
    const source = 'if (a) throw new Error(\'first\');\nif (b) throw new TypeError("second");\n';
    expect(throwFixFor(source, 'Uncaught TypeError: second')).toEqual({
      oldString: 'throw new TypeError("second")',
      newString: 'console.error(new TypeError("second"))',
      message: 'second',
    });
    expect(throwFixFor(source, 'Something else')).toBeNull();
  });
});

describe('the offline demo model after the first turn', () => {
  const description = 'A packing list with towel, hat';
  const built = demoAppFor([description]).source;
  // The person's visual edit of Version 2: a green Add button.
  const edited = built.replace(
    'rounded-md bg-primary px-4 py-2 text-primary-foreground',
    'rounded-md bg-green-600 px-4 py-2 text-white',
  );
  const history: LanguageModelV3Prompt = [
    user(description),
    { role: 'assistant', content: [{ type: 'text', text: 'Built Packing List.' }] },
  ];

  it('adds the items a follow-up names by editing the list line only: the person’s visual edit stays', async () => {
    const asked = [...history, user('Add sunscreen and a map')];
    expect(callOf(await step(asked))).toEqual({
      toolName: 'read_file',
      input: { path: 'src/App.tsx' },
    });
    const read = after(asked, 'read_file', { path: 'src/App.tsx' }, edited);
    const edit = callOf(await step(read));
    expect(edit.toolName).toBe('edit_file');
    expect(edit.input).toEqual({
      path: 'src/App.tsx',
      old_string: 'const FIRST_ITEMS = ["Towel", "Hat"];',
      new_string: 'const FIRST_ITEMS = ["Towel", "Hat", "Sunscreen", "Map"];',
    });
    const next = edited.replace(edit.input.old_string, edit.input.new_string);
    expect(next).toContain('bg-green-600 px-4 py-2 text-white');
    expect(next).toBe(
      demoAppFor([description, 'Add sunscreen and a map']).source.replace(
        'rounded-md bg-primary px-4 py-2 text-primary-foreground',
        'rounded-md bg-green-600 px-4 py-2 text-white',
      ),
    );

    const answer = await step(after(read, 'edit_file', edit.input, 'Edited src/App.tsx.'));
    expect(answer.some((part) => part.type === 'tool-call')).toBe(false);
    expect(saidIn(answer)).toContain(
      'Updated Packing List: a checklist with Towel, Hat, Sunscreen, Map. Only the list line of src/App.tsx changed; the rest of the file, your own edits included, is as it was.',
    );
  });

  it('renames the app and adds items by two edits, one after the other', async () => {
    const asked = [...history, user('Call it Trip Kit'), user('Add a tent')];
    const read = after(asked, 'read_file', { path: 'src/App.tsx' }, edited);
    const first = inputOf(await step(read));
    expect(first).toMatchObject({
      old_string: 'const TITLE = "Packing List";',
      new_string: 'const TITLE = "Trip Kit";',
    });
    const once = after(read, 'edit_file', first, 'Edited src/App.tsx.');
    const second = inputOf(await step(once));
    expect(second).toMatchObject({
      old_string: 'const FIRST_ITEMS = ["Towel", "Hat"];',
      new_string: 'const FIRST_ITEMS = ["Towel", "Hat", "Tent"];',
    });
    const answer = await step(after(once, 'edit_file', second, 'Edited src/App.tsx.'));
    expect(saidIn(answer)).toContain('Only the title and list lines of src/App.tsx changed');
  });

  it('changes nothing when the message names nothing new', async () => {
    const asked = [...history, user('Thanks!')];
    const answer = await step(after(asked, 'read_file', { path: 'src/App.tsx' }, edited));
    expect(answer.some((part) => part.type === 'tool-call')).toBe(false);
    expect(saidIn(answer)).toContain('Packing List already lists Towel, Hat: nothing to change.');
  });

  it('leaves a file that is no longer its checklist alone in a conversation, and says so', async () => {
    const own = 'export function App() {\n  return <h1>My own app</h1>;\n}\n';
    const asked = [...history, user('Add sunscreen')];
    const answer = await step(after(asked, 'read_file', { path: 'src/App.tsx' }, own));
    expect(answer.some((part) => part.type === 'tool-call')).toBe(false);
    expect(saidIn(answer)).toContain('the demo model changed nothing');
  });

  it('writes its app where there is none: no file, or a new task on the starter', async () => {
    const asked = [...history, user('Add sunscreen')];
    const missing = await step(
      after(asked, 'read_file', { path: 'src/App.tsx' }, 'src/App.tsx does not exist.', true),
    );
    expect(callOf(missing).toolName).toBe('write_file');

    const starter = 'export function App() {\n  return <p>Start here</p>;\n}\n';
    const newTask = after(
      [user('A reading list with Dune')],
      'read_file',
      { path: 'src/App.tsx' },
      starter,
    );
    const write = callOf(await step(newTask));
    expect(write.toolName).toBe('write_file');
    expect(write.input.content).toContain('const FIRST_ITEMS = ["Dune"];');
  });
});
