import type { Model } from '@mason/contract';
import { loggedToolInput, type AgentEvent } from '@mason/server-agent';
import { recordTurnUsage, type WaivedReason } from '@mason/server-billing';
import { tasks } from '@mason/server-db';
import { eq, sql } from 'drizzle-orm';
import { withTask } from './tasks.repository';
import { describeToolCall } from './turn-inputs';
import type { Database } from '@mason/server-db';
import type { TaskEventBus } from './task-events';
import type { TasksConfig } from './tasks-context';

/**
 * Stores one agent event: text and tools become log entries, deltas are only streamed. An
 * answer keeps the name of the model that gave it (`modelLabel`: the endpoint's id).
 */
export async function recordAgentEvent(
  deps: { db: Database; bus: TaskEventBus; config: TasksConfig },
  task: { id: string; userId: string; model: string; projectId: string },
  modelLabel: string,
  event: AgentEvent,
  waivedReason: WaivedReason | null,
) {
  const { db, bus, config } = deps;
  const taskId = task.id;
  switch (event.type) {
    case 'text-delta':
      bus.publish(taskId, { type: 'delta', draftId: event.draftId, text: event.text });
      return;
    case 'text':
      if (!event.text.trim()) return;
      await withTask(db, bus, taskId, (writer) =>
        writer.append('AI_MESSAGE', event.text, {
          model: task.model as Model,
          modelLabel,
          draftId: event.draftId,
        }),
      );
      return;
    case 'tool-call':
      // The call as asked (its outcome follows in the TOOL_RESULT), with a bounded copy of
      // its input: a written file's content lives in the version, not in the log.
      await withTask(db, bus, taskId, (writer) =>
        writer.append('TOOL_CALL', describeToolCall(event.toolName, event.input), {
          toolCallId: event.toolCallId,
          toolName: event.toolName,
          input: loggedToolInput(event.input) as never,
        }),
      );
      return;
    case 'tool-result':
      await withTask(db, bus, taskId, (writer) =>
        writer.append('TOOL_RESULT', event.isError ? `Refused: ${event.output}` : event.output, {
          toolCallId: event.toolCallId,
          toolName: event.toolName,
          isError: event.isError,
        }),
      );
      return;
    case 'usage':
      await db.transaction(async (tx) => {
        await recordTurnUsage(tx, config.billing, {
          userId: task.userId,
          taskId,
          projectId: task.projectId,
          model: task.model,
          inputTokens: event.inputTokens,
          outputTokens: event.outputTokens,
          waivedReason,
        });
        await tx
          .update(tasks)
          .set({
            inputTokens: sql`${tasks.inputTokens} + ${event.inputTokens}`,
            outputTokens: sql`${tasks.outputTokens} + ${event.outputTokens}`,
          })
          .where(eq(tasks.id, taskId));
      });
      return;
  }
}
