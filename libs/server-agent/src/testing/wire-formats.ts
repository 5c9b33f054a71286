// The two wire formats the scripted model server speaks: OpenAI chat completions (used by
// OpenAI's chat API, OpenRouter and OpenAI-compatible endpoints) and Anthropic messages.
import {
  textChunks,
  toolArguments,
  type ConversationItem,
  type ScriptedReply,
} from './scripted-reply';

export type WireFormat = 'openai' | 'anthropic';

/** One piece of a streamed answer: an SSE frame (already encoded). */
export type Frame = string;

export interface ReplyContext {
  readonly model: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /** A fresh id per call of this function (tool call ids). */
  readonly nextId: () => string;
}

type Json = Record<string, unknown>;

function asRecord(value: unknown): Json | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : null;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      const record = asRecord(part);
      return record && record['type'] === 'text' && typeof record['text'] === 'string'
        ? record['text']
        : '';
    })
    .join('');
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The conversation of a request body, whatever its format. */
export function conversationOf(format: WireFormat, body: unknown): ConversationItem[] {
  const messages = asRecord(body)?.['messages'];
  if (!Array.isArray(messages)) return [];
  const items: ConversationItem[] = [];
  for (const entry of messages) {
    const message = asRecord(entry);
    if (!message) continue;
    const role = message['role'];
    const content = message['content'];
    if (format === 'openai') {
      if (role === 'user') items.push({ kind: 'user', text: textOf(content) });
      else if (role === 'assistant') {
        const calls = Array.isArray(message['tool_calls']) ? message['tool_calls'] : [];
        items.push({
          kind: 'assistant',
          text: textOf(content),
          toolCalls: calls.map((call) => {
            const record = asRecord(call) ?? {};
            const fn = asRecord(record['function']) ?? {};
            return {
              id: String(record['id'] ?? ''),
              name: String(fn['name'] ?? ''),
              input: parseArguments(fn['arguments']),
            };
          }),
        });
      } else if (role === 'tool') {
        items.push({
          kind: 'tool-result',
          toolCallId: String(message['tool_call_id'] ?? ''),
          text: textOf(content),
          isError: false,
        });
      }
      continue;
    }
    // Anthropic: tool results travel in user messages, tool calls in assistant messages.
    const parts =
      typeof content === 'string'
        ? [{ type: 'text', text: content }]
        : Array.isArray(content)
          ? content
          : [];
    if (role === 'user') {
      let text = '';
      for (const part of parts) {
        const record = asRecord(part);
        if (!record) continue;
        if (record['type'] === 'tool_result') {
          items.push({
            kind: 'tool-result',
            toolCallId: String(record['tool_use_id'] ?? ''),
            text: textOf(record['content']),
            isError: record['is_error'] === true,
          });
        } else if (record['type'] === 'text' && typeof record['text'] === 'string') {
          text += record['text'];
        }
      }
      if (text.length > 0) items.push({ kind: 'user', text });
    } else if (role === 'assistant') {
      const toolCalls: { id: string; name: string; input: unknown }[] = [];
      let text = '';
      for (const part of parts) {
        const record = asRecord(part);
        if (!record) continue;
        if (record['type'] === 'tool_use') {
          toolCalls.push({
            id: String(record['id'] ?? ''),
            name: String(record['name'] ?? ''),
            input: record['input'],
          });
        } else if (record['type'] === 'text' && typeof record['text'] === 'string') {
          text += record['text'];
        }
      }
      items.push({ kind: 'assistant', text, toolCalls });
    }
  }
  return items;
}

function halves(text: string): string[] {
  if (text.length < 2) return [text];
  const middle = Math.floor(text.length / 2);
  return [text.slice(0, middle), text.slice(middle)];
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;
const anthropicSse = (data: Json) =>
  `event: ${String(data['type'])}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The frames of a streamed answer. Each inner list is sent at once; the server waits
 * `delayMs` between lists (one list per text chunk, so the words arrive one by one).
 */
export function streamFrames(
  format: WireFormat,
  reply: ScriptedReply,
  context: ReplyContext,
): Frame[][] {
  const chunks = textChunks(reply);
  const calls = (reply.toolCalls ?? []).map((call) => ({
    call,
    id: context.nextId(),
    args: toolArguments(call),
  }));
  if (format === 'openai') {
    const id = `chatcmpl-${context.nextId()}`;
    const created = Math.floor(Date.now() / 1000);
    const chunk = (delta: Json, finishReason: string | null = null) =>
      sse({
        id,
        object: 'chat.completion.chunk',
        created,
        model: context.model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
    const frames: Frame[][] = [[chunk({ role: 'assistant' })]];
    for (const text of chunks) frames.push([chunk({ content: text })]);
    calls.forEach(({ call, id: callId, args }, index) => {
      frames.push([
        chunk({
          tool_calls: [
            { index, id: callId, type: 'function', function: { name: call.name, arguments: '' } },
          ],
        }),
        ...halves(args).map((part) =>
          chunk({ tool_calls: [{ index, function: { arguments: part } }] }),
        ),
      ]);
    });
    frames.push([
      chunk({}, calls.length > 0 ? 'tool_calls' : 'stop'),
      sse({
        id,
        object: 'chat.completion.chunk',
        created,
        model: context.model,
        choices: [],
        usage: {
          prompt_tokens: context.inputTokens,
          completion_tokens: context.outputTokens,
          total_tokens: context.inputTokens + context.outputTokens,
        },
      }),
      'data: [DONE]\n\n',
    ]);
    return frames;
  }

  const frames: Frame[][] = [
    [
      anthropicSse({
        type: 'message_start',
        message: {
          id: `msg_${context.nextId()}`,
          type: 'message',
          role: 'assistant',
          model: context.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: context.inputTokens, output_tokens: 1 },
        },
      }),
    ],
  ];
  let index = 0;
  if (chunks.length > 0) {
    const textIndex = index;
    frames[0].push(
      anthropicSse({
        type: 'content_block_start',
        index: textIndex,
        content_block: { type: 'text', text: '' },
      }),
    );
    for (const text of chunks) {
      frames.push([
        anthropicSse({
          type: 'content_block_delta',
          index: textIndex,
          delta: { type: 'text_delta', text },
        }),
      ]);
    }
    frames[frames.length - 1].push(anthropicSse({ type: 'content_block_stop', index: textIndex }));
    index += 1;
  }
  for (const { call, id: callId, args } of calls) {
    const callIndex = index;
    frames.push([
      anthropicSse({
        type: 'content_block_start',
        index: callIndex,
        content_block: { type: 'tool_use', id: callId, name: call.name, input: {} },
      }),
      ...halves(args).map((part) =>
        anthropicSse({
          type: 'content_block_delta',
          index: callIndex,
          delta: { type: 'input_json_delta', partial_json: part },
        }),
      ),
      anthropicSse({ type: 'content_block_stop', index: callIndex }),
    ]);
    index += 1;
  }
  frames.push([
    anthropicSse({
      type: 'message_delta',
      delta: { stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
      usage: { output_tokens: context.outputTokens },
    }),
    anthropicSse({ type: 'message_stop' }),
  ]);
  return frames;
}

/** The whole answer as one JSON body (a request without `stream: true`). */
export function completeBody(
  format: WireFormat,
  reply: ScriptedReply,
  context: ReplyContext,
): Json {
  const text = textChunks(reply).join('');
  const calls = (reply.toolCalls ?? []).map((call) => ({
    call,
    id: context.nextId(),
    args: toolArguments(call),
  }));
  if (format === 'openai') {
    return {
      id: `chatcmpl-${context.nextId()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: context.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text.length > 0 ? text : null,
            ...(calls.length > 0 && {
              tool_calls: calls.map(({ call, id, args }) => ({
                id,
                type: 'function',
                function: { name: call.name, arguments: args },
              })),
            }),
          },
          finish_reason: calls.length > 0 ? 'tool_calls' : 'stop',
        },
      ],
      usage: {
        prompt_tokens: context.inputTokens,
        completion_tokens: context.outputTokens,
        total_tokens: context.inputTokens + context.outputTokens,
      },
    };
  }
  return {
    id: `msg_${context.nextId()}`,
    type: 'message',
    role: 'assistant',
    model: context.model,
    content: [
      ...(text.length > 0 ? [{ type: 'text', text }] : []),
      ...calls.map(({ call, id, args }) => ({
        type: 'tool_use',
        id,
        name: call.name,
        input: parseArguments(args),
      })),
    ],
    stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: context.inputTokens, output_tokens: context.outputTokens },
  };
}

const DEFAULT_ERRORS: Record<number, { message: string; anthropicType: string }> = {
  400: { message: 'The request was not valid.', anthropicType: 'invalid_request_error' },
  401: { message: 'Invalid API key.', anthropicType: 'authentication_error' },
  402: {
    message: 'Insufficient credits. Add more credits to continue.',
    anthropicType: 'billing_error',
  },
  403: { message: 'This key may not use this model.', anthropicType: 'permission_error' },
  404: { message: 'No such model.', anthropicType: 'not_found_error' },
  429: { message: 'Rate limit reached. Slow down.', anthropicType: 'rate_limit_error' },
  500: { message: 'Internal server error.', anthropicType: 'api_error' },
  503: { message: 'Service unavailable.', anthropicType: 'api_error' },
  529: { message: 'Overloaded.', anthropicType: 'overloaded_error' },
};

/** A provider-like JSON error body for `status`. */
export function errorBody(format: WireFormat, status: number, message?: string): Json {
  const known = DEFAULT_ERRORS[status] ?? {
    message: 'Scripted error.',
    anthropicType: 'api_error',
  };
  const text = message ?? known.message;
  if (format === 'anthropic')
    return { type: 'error', error: { type: known.anthropicType, message: text } };
  return { error: { message: text, type: known.anthropicType, code: status } };
}
