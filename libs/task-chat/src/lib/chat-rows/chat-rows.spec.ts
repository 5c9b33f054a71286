import { aTaskLog } from '@mason/api-client/testing';
import { aTurn } from '../../test-utils/chat-fixtures';
import { buildChatRows, latestAnswerId } from './chat-rows';
import { describeToolActivity } from '../tool-activity/describe-tool-activity';

describe('buildChatRows', () => {
  it('folds each tool call and its result into one row at the call’s place', () => {
    const rows = buildChatRows(aTurn(1), [], false);
    expect(rows.map((row) => (row.kind === 'entry' ? row.log.type : row.kind))).toEqual([
      'USER_MESSAGE',
      'tool',
      'tool',
      'tool',
      'FILE_CHANGE',
      'VERSION',
      'AI_MESSAGE',
    ]);
    const edit = rows[2];
    expect(edit?.kind === 'tool' && edit.result?.content).toBe(
      'Edited src/App.tsx: replaced 1 line with 1 line.',
    );
  });

  it('keeps a result whose call is on an older page as a row of its own', () => {
    const [, , result] = aTurn(1);
    const rows = buildChatRows(result ? [result] : [], [], false);
    expect(rows).toMatchObject([{ kind: 'tool', call: null, result: { id: '3' } }]);
  });

  it('ends with the message being written, or the typing indicator while none is', () => {
    const logs = [aTaskLog('USER_MESSAGE', { id: '1' })];
    expect(buildChatRows(logs, [], true).at(-1)?.kind).toBe('thinking');
    const writing = buildChatRows(logs, [{ draftId: 'd1', text: 'Hello' }], true);
    expect(writing.at(-1)).toMatchObject({ kind: 'draft', key: 'draft-d1' });
    expect(writing.some((row) => row.kind === 'thinking')).toBe(false);
    expect(buildChatRows(logs, [], false).at(-1)?.kind).toBe('entry');
  });
});

describe('latestAnswerId', () => {
  it('is the newest AI message when the conversation ends with the assistant', () => {
    expect(latestAnswerId(aTurn(1))).toBe('10');
    expect(latestAnswerId([...aTurn(1), aTaskLog('USER_MESSAGE', { id: '11' })])).toBeNull();
  });
});

describe('describeToolActivity', () => {
  const call = (toolName: string, input: Record<string, string> = {}) =>
    aTaskLog('TOOL_CALL', { payload: { toolCallId: 'c', toolName, input } });
  const result = (toolName: string, content: string, isError = false) =>
    aTaskLog('TOOL_RESULT', { content, payload: { toolCallId: 'c', toolName, isError } });

  it.each([
    [call('read_file', { path: 'src/App.tsx' }), result('read_file', '…'), 'Read src/App.tsx'],
    [call('read_file', { path: 'src/App.tsx' }), null, 'Reading src/App.tsx'],
    [
      call('write_file', { path: 'src/Nav.tsx' }),
      result('write_file', 'Created'),
      'Wrote src/Nav.tsx',
    ],
    [
      call('delete_file', { path: 'src/Old.tsx' }),
      result('delete_file', 'Deleted'),
      'Deleted src/Old.tsx',
    ],
    [
      call('search_files', { query: 'useState' }),
      result('search_files', '3 matches'),
      'Searched for “useState”',
    ],
    [call('list_files'), result('list_files', '12 files'), 'Listed the files'],
    [call('enable_database'), null, 'Turning on the database'],
    [call('enable_database'), result('enable_database', 'On.'), 'Turned on the database'],
    [
      call('read_database_schema'),
      result('read_database_schema', 'notes'),
      'Read the database’s tables',
    ],
    [call('apply_migrations'), null, 'Applying the database changes'],
    [
      call('apply_migrations'),
      result('apply_migrations', 'Applied db/migrations/001_notes.sql.'),
      'Applied the database changes',
    ],
    [
      call('apply_migrations'),
      result(
        'apply_migrations',
        'The migrations were not applied; the database did not change.\ndb/migrations/001_notes.sql:2: syntax error at or near "tabel"\nFix it.',
      ),
      'A database change failed: fixing it',
    ],
    [
      call('check_project'),
      result('check_project', 'The project builds.'),
      'Checked the build: no errors',
    ],
    [
      call('check_project'),
      result('check_project', 'The project does not build: 1 error.\nx'),
      'Checked the build: 1 error',
    ],
    [
      call('read_preview_errors'),
      result('read_preview_errors', 'Uncaught error in version 1'),
      'Read the preview’s errors',
    ],
    [call('read_preview_errors'), null, 'Reading the preview’s errors'],
    [
      call('edit_file', { path: 'src/App.tsx' }),
      result('edit_file', 'old_string not found', true),
      'Could not edit src/App.tsx',
    ],
  ] as const)('says what the tool did', (toolCall, toolResult, expected) => {
    expect(describeToolActivity(toolCall, toolResult)).toBe(expected);
  });
});
