import type { TaskLog, TaskLogOf } from '@mason/contract';
import type { TaskLogDraft } from '@mason/api-client';

/** One row of the chat: an entry, a tool call with its result, a message being written, ... */
export type ChatRow =
  | { readonly kind: 'entry'; readonly key: string; readonly log: EntryLog }
  | {
      readonly kind: 'tool';
      readonly key: string;
      readonly call: TaskLogOf<'TOOL_CALL'> | null;
      readonly result: TaskLogOf<'TOOL_RESULT'> | null;
    }
  | { readonly kind: 'draft'; readonly key: string; readonly draft: TaskLogDraft }
  | { readonly kind: 'thinking'; readonly key: string };

/** The entries shown as they are (tool calls and results are folded into one row). */
export type EntryLog = Exclude<TaskLog, { type: 'TOOL_CALL' | 'TOOL_RESULT' }>;

export const THINKING_ROW_KEY = 'thinking';

/**
 * The rows of a chat, oldest first: every entry, a tool call and its result folded into one row (at the call's place), the messages being
 * written, and a typing indicator while the assistant works and writes nothing yet.
 */
export function buildChatRows(
  logs: readonly TaskLog[],
  drafts: readonly TaskLogDraft[],
  thinking: boolean,
): ChatRow[] {
  const rows: ChatRow[] = [];
  const toolRows = new Map<string, number>();
  for (const log of logs) {
    if (log.type === 'TOOL_CALL') {
      toolRows.set(log.payload.toolCallId, rows.length);
      rows.push({ kind: 'tool', key: log.id, call: log, result: null });
      continue;
    }
    if (log.type === 'TOOL_RESULT') {
      const at = toolRows.get(log.payload.toolCallId);
      const row = at === undefined ? undefined : rows[at];
      if (row?.kind === 'tool') rows[at as number] = { ...row, result: log };
      else rows.push({ kind: 'tool', key: log.id, call: null, result: log });
      continue;
    }
    rows.push({ kind: 'entry', key: log.id, log });
  }
  for (const draft of drafts)
    if (draft.text.length > 0) rows.push({ kind: 'draft', key: `draft-${draft.draftId}`, draft });
  if (thinking && !drafts.some((draft) => draft.text.length > 0))
    rows.push({ kind: 'thinking', key: THINKING_ROW_KEY });
  return rows;
}

/** The id of the newest AI message, when the conversation ends with the assistant's answer. */
export function latestAnswerId(logs: readonly TaskLog[]): string | null {
  for (let index = logs.length - 1; index >= 0; index -= 1) {
    const log = logs[index];
    if (log?.type === 'AI_MESSAGE') return log.id;
    if (log?.type === 'USER_MESSAGE') return null;
  }
  return null;
}
