import type { TaskLog } from '@mason/contract';
import { historyFromLogs, INTERRUPTED_TOOL_RESULT } from './history-from-logs';

let nextId = 1;
const base = () => ({ id: String(nextId++), taskId: 't1', createdAt: '2025-01-01T00:00:00.000Z' });

const user = (
  content: string,
  payload: Partial<Extract<TaskLog, { type: 'USER_MESSAGE' }>['payload']> = {},
): TaskLog => ({
  ...base(),
  type: 'USER_MESSAGE',
  content,
  payload: {
    images: [],
    staticFiles: [],
    selectedComponents: [],
    currentPage: null,
    model: null,
    ...payload,
  },
});
const ai = (content: string): TaskLog => ({
  ...base(),
  type: 'AI_MESSAGE',
  content,
  payload: { model: null, draftId: null },
});
const call = (toolCallId: string, toolName: string, input: Record<string, string>): TaskLog => ({
  ...base(),
  type: 'TOOL_CALL',
  content: '',
  payload: { toolCallId, toolName, input },
});
const result = (
  toolCallId: string,
  toolName: string,
  content: string,
  isError = false,
): TaskLog => ({
  ...base(),
  type: 'TOOL_RESULT',
  content,
  payload: { toolCallId, toolName, isError },
});

const noImages = async () => null;
const noFiles = async () => null;

describe('historyFromLogs', () => {
  it('turns messages, tool calls and their results into model messages, skipping the product entries', async () => {
    const logs: TaskLog[] = [
      user('Build a counter'),
      {
        ...base(),
        type: 'STATUS',
        content: 'Working',
        payload: { state: 'IN_PROGRESS', pauseReason: null },
      },
      ai('Looking first.'),
      call('c1', 'read_file', { path: 'src/App.tsx' }),
      call('c2', 'list_files', {}),
      result('c2', 'list_files', '1 file:\nsrc/App.tsx'),
      result('c1', 'read_file', 'export function App() {}'),
      call('c3', 'edit_file', { path: 'src/App.tsx', old_string: 'a', new_string: 'b' }),
      result('c3', 'edit_file', 'old_string was not found in src/App.tsx.', true),
      {
        ...base(),
        type: 'FILE_CHANGE',
        content: 'src/App.tsx',
        payload: { path: 'src/App.tsx', change: 'UPDATED', additions: 1, deletions: 0 },
      },
      ai('Done.'),
      { ...base(), type: 'ERROR', content: 'Oops', payload: { code: null } },
      user('Thanks'),
    ];

    expect(await historyFromLogs(logs, noImages, noFiles)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Build a counter' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking first.' },
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'read_file',
            input: { path: 'src/App.tsx' },
          },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'list_files', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'read_file',
            output: { type: 'text', value: 'export function App() {}' },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'list_files',
            output: { type: 'text', value: '1 file:\nsrc/App.tsx' },
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c3',
            toolName: 'edit_file',
            input: { path: 'src/App.tsx', old_string: 'a', new_string: 'b' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c3',
            toolName: 'edit_file',
            output: { type: 'error-text', value: 'old_string was not found in src/App.tsx.' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Thanks' }] },
    ]);
  });

  it('sends attached images as images, uploaded files as their text, and describes selected elements', async () => {
    const pixels = new Uint8Array([137, 80, 78, 71]);
    const logs = [
      user('Make it look like this', {
        images: [
          { mediaType: 'image/png', url: '/uploads/a.png' },
          { mediaType: 'image/png', url: '/uploads/missing.png' },
        ],
        staticFiles: [
          { id: 'f1', fileName: 'spec.md' },
          { id: 'gone', fileName: 'old.txt' },
        ],
        selectedComponents: [
          {
            componentName: 'Button',
            filePath: 'src/App.tsx',
            filePart: '<Button>Go</Button>',
            page: '/',
            line: 12,
            column: 5,
          },
        ],
        currentPage: '/settings',
      }),
    ];
    const loadImage = async (url: string) =>
      url === '/uploads/a.png' ? { mediaType: 'image/png', data: pixels } : null;
    const loadStaticFile = async (id: string) =>
      id === 'f1' ? { fileName: 'spec.md', text: '# Spec\nTwo pages.' } : null;

    const [message] = await historyFromLogs(logs, loadImage, loadStaticFile);

    expect(message).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'Make it look like this' },
        { type: 'image', image: pixels, mediaType: 'image/png' },
        { type: 'text', text: '(An attached image could not be loaded.)' },
        { type: 'text', text: 'File spec.md:\n# Spec\nTwo pages.' },
        { type: 'text', text: '(The attached file old.txt could not be loaded.)' },
        {
          type: 'text',
          text: 'The person selected this element in the preview:\n- <Button> in src/App.tsx:12:5 (page /):\n```tsx\n<Button>Go</Button>\n```',
        },
        { type: 'text', text: 'The preview shows the page /settings.' },
      ],
    });
  });

  it('gives a tool call whose result was never stored (a turn cut off) an error result, so providers accept it', async () => {
    const logs = [
      user('Go'),
      call('c1', 'write_file', { path: 'a.ts', content: 'x' }),
      user('Are you there?'),
    ];
    const messages = await historyFromLogs(logs, noImages, noFiles);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(messages[2]).toEqual({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'write_file',
          output: { type: 'error-text', value: INTERRUPTED_TOOL_RESULT },
        },
      ],
    });
  });

  it('drops a tool result that has no call and an empty AI message', async () => {
    const logs = [user('Go'), ai(''), result('x', 'read_file', 'orphan'), ai('Hello')];
    expect(await historyFromLogs(logs, noImages, noFiles)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Go' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
    ]);
  });
});
