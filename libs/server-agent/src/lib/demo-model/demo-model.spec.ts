import type { LanguageModelV3CallOptions, LanguageModelV3Prompt } from '@ai-sdk/provider';
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

/** The prompt after the demo called `toolName` with `input` and got `output` back. */
function after(
  prompt: LanguageModelV3Prompt,
  toolName: string,
  input: unknown,
  output: string,
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
          output: { type: 'text', value: output },
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
    const parts = await step(asked);
    const write = parts.find((part) => part.type === 'tool-call' && part.toolName === 'write_file');
    const source = String(JSON.parse(write?.type === 'tool-call' ? write.input : '{}').content);
    expect(source).toContain('"Sunscreen"');
    expect(source).not.toMatch(/version 4|error|boom/i);
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
