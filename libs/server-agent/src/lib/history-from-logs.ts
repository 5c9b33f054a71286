import type { SelectedComponent, TaskLog, TaskLogOf } from '@mason/contract';
import type {
  AssistantModelMessage,
  ImagePart,
  ModelMessage,
  TextPart,
  ToolApprovalResponse,
  ToolCallPart,
  ToolResultPart,
} from 'ai';
import { capOutput } from './output';
import { DENIED_TOOL_RESULT } from './outside-tools';

export type LoadImage = (url: string) => Promise<{ mediaType: string; data: Uint8Array } | null>;
export type LoadStaticFile = (id: string) => Promise<{ fileName: string; text: string } | null>;

/** An attached text file goes to the model whole up to this size, then cut with a note. */
export const STATIC_FILE_MAX_CHARS = 100_000;

/** Given to the model for a tool call whose result was never stored (the turn was cut off). */
export const INTERRUPTED_TOOL_RESULT =
  'This tool call was interrupted before it finished; its effect is unknown. Check the files before relying on it.';

/** Given to the model for an outside call the person was asked about and never answered. */
export const UNANSWERED_TOOL_RESULT =
  'The person was asked about this call and did not answer (they wrote instead), so it did not run.';

const APPROVING: readonly string[] = ['APPROVE', 'APPROVE_ALWAYS'];

function describeSelection(components: readonly SelectedComponent[]): string {
  const parts = components.map((component) => {
    const where = component.line
      ? `${component.filePath}:${component.line}${component.column ? `:${component.column}` : ''}`
      : component.filePath;
    return `- <${component.componentName}> in ${where} (page ${component.page}):\n\`\`\`tsx\n${component.filePart}\n\`\`\``;
  });
  return `The person selected ${components.length === 1 ? 'this element' : 'these elements'} in the preview:\n${parts.join('\n')}`;
}

async function userMessage(
  log: TaskLogOf<'USER_MESSAGE'>,
  loadImage: LoadImage,
  loadStaticFile: LoadStaticFile,
): Promise<ModelMessage> {
  const content: (TextPart | ImagePart)[] = [{ type: 'text', text: log.content }];
  for (const image of log.payload.images) {
    const loaded = await loadImage(image.url);
    if (loaded) content.push({ type: 'image', image: loaded.data, mediaType: loaded.mediaType });
    else content.push({ type: 'text', text: '(An attached image could not be loaded.)' });
  }
  for (const file of log.payload.staticFiles) {
    const loaded = await loadStaticFile(file.id);
    if (loaded) {
      const text = capOutput(
        loaded.text,
        'The rest of the file was left out.',
        STATIC_FILE_MAX_CHARS,
      );
      content.push({ type: 'text', text: `File ${loaded.fileName}:\n${text}` });
    } else {
      content.push({
        type: 'text',
        text: `(The attached file ${file.fileName} could not be loaded.)`,
      });
    }
  }
  if (log.payload.selectedComponents.length > 0) {
    content.push({ type: 'text', text: describeSelection(log.payload.selectedComponents) });
  }
  if (log.payload.currentPage) {
    content.push({ type: 'text', text: `The preview shows the page ${log.payload.currentPage}.` });
  }
  return { role: 'user', content };
}

/**
 * The conversation of a task as model messages, from its log: the person's messages (with
 * images as images, attached files as their text, selected elements described), the
 * assistant's words, and its tool calls with their results. Other entries (file changes,
 * versions, errors, status) are the product's, not the model's, and are left out. A tool call
 * without a stored result (a turn cut off mid-tool) gets a result saying so, since providers
 * refuse a call without one.
 */
export async function historyFromLogs(
  logs: readonly TaskLog[],
  loadImage: LoadImage,
  loadStaticFile: LoadStaticFile,
): Promise<ModelMessage[]> {
  const messages: ModelMessage[] = [];
  let assistant: Exclude<AssistantModelMessage['content'], string> = [];
  let results: ToolResultPart[] = [];
  /** The person's answers to outside calls of this step, by the call they answer. */
  let approvals = new Map<string, ToolApprovalResponse>();

  /**
   * Ends the assistant's step. `last`: nothing follows it, so a call the person approved or
   * refused and that has no result yet keeps its answer alone: the SDK runs it (or tells the
   * model it was refused) before the next model call. Anywhere else such a call gets a result.
   */
  const flush = (last = false) => {
    if (assistant.length === 0) {
      results = [];
      approvals = new Map();
      return;
    }
    const calls = assistant.filter((part): part is ToolCallPart => part.type === 'tool-call');
    const waiting: ToolApprovalResponse[] = [];
    for (const call of calls) {
      if (results.some((result) => result.toolCallId === call.toolCallId)) continue;
      const approval = approvals.get(call.toolCallId);
      if (approval && last) {
        waiting.push(approval);
        continue;
      }
      results.push({
        type: 'tool-result',
        toolCallId: call.toolCallId,
        toolName: call.toolName,
        output: {
          type: 'error-text',
          value: approval && !approval.approved ? DENIED_TOOL_RESULT : INTERRUPTED_TOOL_RESULT,
        },
      });
    }
    // A call that was answered keeps its request beside it only while the SDK still acts on it.
    const content = assistant.filter(
      (part) =>
        part.type !== 'tool-approval-request' ||
        waiting.some((approval) => approval.approvalId === part.approvalId),
    );
    messages.push({ role: 'assistant', content });
    if (results.length > 0 || waiting.length > 0) {
      // In the order of the calls, as providers expect.
      const order = new Map(calls.map((call, index) => [call.toolCallId, index]));
      results.sort((a, b) => (order.get(a.toolCallId) ?? 0) - (order.get(b.toolCallId) ?? 0));
      messages.push({ role: 'tool', content: [...results, ...waiting] });
    }
    assistant = [];
    results = [];
    approvals = new Map();
  };

  for (const log of logs) {
    switch (log.type) {
      case 'USER_MESSAGE':
        flush();
        messages.push(await userMessage(log, loadImage, loadStaticFile));
        break;
      case 'AI_MESSAGE':
        if (log.content.length === 0) break;
        if (results.length > 0) flush();
        assistant.push({ type: 'text', text: log.content });
        break;
      case 'TOOL_CALL':
        if (results.length > 0) flush();
        assistant.push({
          type: 'tool-call',
          toolCallId: log.payload.toolCallId,
          toolName: log.payload.toolName,
          input: log.payload.input,
        });
        break;
      case 'TOOL_RESULT': {
        const called = assistant.some(
          (part) => part.type === 'tool-call' && part.toolCallId === log.payload.toolCallId,
        );
        // A result without its call (never expected) would be refused by every provider.
        if (!called) break;
        results.push({
          type: 'tool-result',
          toolCallId: log.payload.toolCallId,
          toolName: log.payload.toolName,
          output: { type: log.payload.isError ? 'error-text' : 'text', value: log.content },
        });
        break;
      }
      case 'NEEDS_ATTENTION': {
        // The person's answer to an outside call (MCP_SERVER_USAGE_APPROVAL). Unanswered (they
        // wrote instead), the call gets a result saying so when the step is flushed.
        const call = log.payload.mcpCall;
        const asked = assistant.some(
          (part) => part.type === 'tool-call' && part.toolCallId === call?.toolCallId,
        );
        if (!call || !asked) break;
        if (log.payload.answer === undefined) {
          if (log.payload.resolved) {
            results.push({
              type: 'tool-result',
              toolCallId: call.toolCallId,
              toolName: toolNameOf(assistant, call.toolCallId),
              output: { type: 'error-text', value: UNANSWERED_TOOL_RESULT },
            });
          }
          break;
        }
        assistant.push({
          type: 'tool-approval-request',
          approvalId: call.approvalId,
          toolCallId: call.toolCallId,
        });
        approvals.set(call.toolCallId, {
          type: 'tool-approval-response',
          approvalId: call.approvalId,
          approved: APPROVING.includes(log.payload.answer),
          ...(!APPROVING.includes(log.payload.answer) && { reason: DENIED_TOOL_RESULT }),
        });
        break;
      }
      case 'ERROR':
        // A runtime error the live preview reported: the environment speaks, as the person would.
        if (log.payload.code === 'PREVIEW_RUNTIME_ERROR') {
          flush();
          messages.push({
            role: 'user',
            content: `[Mason: the app's live preview reported an error] ${log.content}`,
          });
        }
        break;
      default:
        break;
    }
  }
  flush(true);
  return messages;
}

function toolNameOf(
  assistant: Exclude<AssistantModelMessage['content'], string>,
  toolCallId: string,
): string {
  const call = assistant.find(
    (part): part is ToolCallPart => part.type === 'tool-call' && part.toolCallId === toolCallId,
  );
  return call?.toolName ?? '';
}
