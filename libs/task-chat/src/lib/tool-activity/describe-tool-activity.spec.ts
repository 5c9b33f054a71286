import type { TaskLogOf } from '@mason/contract';
import { describeToolActivity } from './describe-tool-activity';

const at = '2026-01-01T00:00:00.000Z';
const call = (toolName: string): TaskLogOf<'TOOL_CALL'> => ({
  id: '1',
  taskId: 't',
  type: 'TOOL_CALL',
  content: '',
  createdAt: at,
  payload: { toolCallId: 'c1', toolName, input: {} },
});
const result = (toolName: string, isError: boolean): TaskLogOf<'TOOL_RESULT'> => ({
  id: '2',
  taskId: 't',
  type: 'TOOL_RESULT',
  content: isError ? 'The person did not allow this call, so it did not run.' : 'Noted.',
  createdAt: at,
  payload: { toolCallId: 'c1', toolName, isError },
});

describe('describeToolActivity', () => {
  it("names an MCP server's tool by its tool and server, not by the assistant's name for it", () => {
    const name = 'mcp__notes__add_note';
    expect(describeToolActivity(call(name), null)).toBe('Using add_note of notes');
    expect(describeToolActivity(call(name), result(name, false))).toBe('Used add_note of notes');
    expect(describeToolActivity(call(name), result(name, true))).toBe(
      'Did not use add_note of notes',
    );
  });

  it('keeps the wording of tools it does not know', () => {
    expect(describeToolActivity(call('frobnicate'), null)).toBe('Running frobnicate');
  });
});
