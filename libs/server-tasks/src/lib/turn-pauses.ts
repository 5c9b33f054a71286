import type { UnreachableServer } from '@mason/server-agent';
import type { Database, TaskTurnRow } from '@mason/server-db';
import { attentionActions } from './attention';
import type { TaskEventBus } from './task-events';
import { withTask } from './tasks.repository';
import { LostTurnError } from './turn-lease';
import { finishTurn } from './turns';

/** What the chat says when a project's MCP server cannot be reached before a turn starts. */
export function unreachableServerMessage(server: UnreachableServer): string {
  return `The MCP server "${server.serverName}" cannot be reached, so the assistant did not start: ${server.message} Retry when it is back, or check it in the MCP settings.`;
}

/**
 * Ends a turn that never asked the model: the task waits for the person with `reason` (a push
 * on the project's branch to bring in first, an MCP server that cannot be reached).
 */
export async function pauseBeforeModel(
  deps: { db: Database; bus: TaskEventBus; workerId: string },
  turn: TaskTurnRow,
  reason: 'USER_COMMIT' | 'MCP_SERVER_CONNECTION_ISSUES',
  message: string,
  extra: { mcpServerName?: string } = {},
): Promise<void> {
  const { db, bus, workerId } = deps;
  await withTask(db, bus, turn.taskId, async (writer) => {
    if (!(await finishTurn(writer.tx, turn.id, workerId, 'CANCELLED'))) throw new LostTurnError();
    await writer.append('NEEDS_ATTENTION', message, {
      reason,
      actions: attentionActions(reason),
      resolved: false,
      ...extra,
    });
    await writer.transition(
      writer.task.state === 'PENDING' ? 'IN_PROGRESS' : (writer.task.state as 'IN_PROGRESS'),
      reason,
    );
  });
}
