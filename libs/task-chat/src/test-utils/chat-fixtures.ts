import type {
  McpCallRequest,
  PauseReason,
  TaskActionKind,
  TaskLog,
  TaskLogAction,
} from '@mason/contract';
import { aTaskLog } from '@mason/api-client/testing';

/** A page of the log as GET /tasks/:id/logs answers it. */
export const aLogPage = (logs: TaskLog[], hasMoreBefore = false) => ({
  logs,
  hasMoreBefore,
  hasMoreAfter: false,
});

/** A turn of the assistant: read, edit, check, a file change, a version and its answer. */
export function aTurn(firstId: number, taskId = 'task-1'): TaskLog[] {
  const id = (offset: number) => String(firstId + offset);
  const call = (offset: number, toolName: string, input: Record<string, string>) =>
    aTaskLog('TOOL_CALL', {
      id: id(offset),
      taskId,
      content: toolName,
      payload: { toolCallId: `call-${id(offset)}`, toolName, input },
    });
  const result = (offset: number, toolName: string, content: string, callOffset: number) =>
    aTaskLog('TOOL_RESULT', {
      id: id(offset),
      taskId,
      content,
      payload: { toolCallId: `call-${id(callOffset)}`, toolName, isError: false },
    });
  return [
    aTaskLog('USER_MESSAGE', {
      id: id(0),
      taskId,
      content: 'Add a dark mode toggle to the header',
    }),
    call(1, 'read_file', { path: 'src/App.tsx' }),
    result(2, 'read_file', 'export function App() { … }', 1),
    call(3, 'edit_file', {
      path: 'src/App.tsx',
      old_string: '<header>',
      new_string: '<header className="dark">',
    }),
    result(4, 'edit_file', 'Edited src/App.tsx: replaced 1 line with 1 line.', 3),
    call(5, 'check_project', {}),
    result(
      6,
      'check_project',
      'The project does not build: 2 errors.\nsrc/App.tsx:3:7 Cannot find name “toggle”.\nsrc/App.tsx:9:1 Expected “}”.',
      5,
    ),
    aTaskLog('FILE_CHANGE', {
      id: id(7),
      taskId,
      content: 'src/App.tsx',
      payload: { path: 'src/App.tsx', change: 'UPDATED', additions: 12, deletions: 2 },
    }),
    aTaskLog('VERSION', {
      id: id(8),
      taskId,
      content: 'Added a dark mode toggle',
      payload: {
        versionId: `version-${id(8)}`,
        index: firstId + 8,
        previewUrl: `http://project-1.localhost:4200/?version=${firstId + 8}`,
      },
    }),
    aTaskLog('AI_MESSAGE', {
      id: id(9),
      taskId,
      content:
        'I added a **dark mode** toggle to the header.\n\n```tsx\nexport function Toggle() {\n  return <button>Dark</button>;\n}\n```',
      payload: { model: 'CLAUDE_SONNET_4_5', draftId: null },
    }),
  ];
}

/** `count` short entries, alternating the person's messages and the assistant's answers. */
export function aLongHistory(count: number, taskId = 'task-1'): TaskLog[] {
  return Array.from({ length: count }, (_, index) => {
    const id = String(index + 1);
    return index % 2 === 0
      ? aTaskLog('USER_MESSAGE', { id, taskId, content: `Message ${id}: make the list sortable` })
      : aTaskLog('AI_MESSAGE', {
          id,
          taskId,
          content: `Answer ${id}: the list sorts by due date now.`,
          payload: { model: 'GPT_5', draftId: null },
        });
  });
}

const ENV_ACTION: TaskLogAction = {
  action: 'PROVIDE_VALUES',
  label: 'Save the key',
  fields: [{ name: 'STRIPE_SECRET_KEY', label: 'Stripe secret key', secret: true }],
};

const CONTENT: Partial<Record<PauseReason, string>> = {
  ENV_VARIABLE: 'Payments need a Stripe secret key (Dashboard → Developers → API keys).',
  APPROVAL_THRESHOLD: 'I have made 25 changes in this turn. Shall I keep going?',
  OPEN_ROUTER_INVALID_KEY: 'OpenRouter answered 401: the API key is not valid.',
  OPEN_ROUTER_NO_CREDITS: 'OpenRouter answered 402: the account has no credits left.',
  NO_CREDITS: 'This turn stopped: the plan’s token budget ran out.',
  MANUAL: 'Paused by you.',
  FAILED_DEPLOYMENT:
    'Publishing version 3 failed: the production build stopped with these errors.\n\nsrc/App.tsx:3:7: ERROR: Could not resolve "./Toggle"',
  MCP_SERVER_CONNECTION_ISSUES:
    'linear did not answer at https://mcp.linear.app/mcp: the connection timed out after 10 seconds.',
  MCP_SERVER_USAGE_APPROVAL: 'I want to file the bug you described in Linear.',
};

/** The call an approval asks about: an issue to create, its text with markup in it (shown as text). */
export const MCP_CALL: McpCallRequest = {
  toolCallId: 'call-7',
  approvalId: 'approval-7',
  serverId: 'mcp-1',
  serverName: 'linear',
  tool: 'create_issue',
  arguments: {
    title: 'Checkout button does nothing',
    description: '<img src=x onerror="alert(1)"> Clicking **Pay** does nothing on mobile.',
    teamId: 'ENG',
    priority: 2,
  },
};

/** The answers the server offers on a failed publish: the repair turn, or leave it. */
const FAILED_DEPLOYMENT_ACTIONS: TaskLogAction[] = [
  { action: 'RETRY', label: 'Fix with AI', fields: [] },
  { action: 'REJECT', label: 'Dismiss', fields: [] },
];

/** The answers the server offers on an approval: once or always, yes or no. */
const MCP_APPROVAL_ACTIONS: TaskLogAction[] = [
  { action: 'APPROVE', label: 'Approve', fields: [] },
  { action: 'APPROVE_ALWAYS', label: 'Always allow', fields: [] },
  { action: 'REJECT', label: 'Deny', fields: [] },
  { action: 'REJECT_ALWAYS', label: 'Never allow', fields: [] },
];

/**
 * A NEEDS_ATTENTION entry for a reason, with the actions the server offers for it (`actions`
 * replaces them: `[]` for an entry that names none).
 */
export function aNeedsAttention(
  reason: PauseReason,
  {
    id = '4',
    resolved = false,
    taskId = 'task-1',
    actions,
    answer,
  }: {
    id?: string;
    resolved?: boolean;
    taskId?: string;
    actions?: TaskLogAction[];
    /** The person's answer, once resolved. */
    answer?: TaskActionKind;
  } = {},
) {
  const offered =
    reason === 'ENV_VARIABLE'
      ? [ENV_ACTION]
      : reason === 'FAILED_DEPLOYMENT'
        ? FAILED_DEPLOYMENT_ACTIONS
        : reason === 'MCP_SERVER_USAGE_APPROVAL'
          ? MCP_APPROVAL_ACTIONS
          : [];
  return aTaskLog('NEEDS_ATTENTION', {
    id,
    taskId,
    content: CONTENT[reason] ?? 'The assistant needs you.',
    payload: {
      reason,
      actions: actions ?? offered,
      resolved,
      ...(reason === 'MCP_SERVER_USAGE_APPROVAL' ? { mcpCall: MCP_CALL } : {}),
      ...(reason.startsWith('MCP_') ? { mcpServerName: 'linear' } : {}),
      ...(answer ? { answer } : {}),
    },
  });
}
