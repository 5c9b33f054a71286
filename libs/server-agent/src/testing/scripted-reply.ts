/** A tool call the scripted model makes. */
export interface ScriptedToolCall {
  readonly name: string;
  /** The arguments; a string is sent raw (lets a test send malformed JSON). */
  readonly input: Readonly<Record<string, unknown>> | string;
}

/** What the scripted model answers to one model request. */
export interface ScriptedReply {
  /** Text, streamed as these chunks (one chunk for a plain string). */
  readonly text?: string | readonly string[];
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Answer this HTTP error instead, with a provider-like JSON error body. */
  readonly status?: number;
  /** The error body's message (a provider-like default per status). */
  readonly errorMessage?: string;
  /** Wait this long before the answer and between streamed chunks. */
  readonly delayMs?: number;
  /** Token counts to report (estimated from the request and the answer by default). */
  readonly usage?: { readonly inputTokens?: number; readonly outputTokens?: number };
}

/** The conversation of a model request, the same for both wire formats. */
export type ConversationItem =
  | { readonly kind: 'user'; readonly text: string }
  | {
      readonly kind: 'assistant';
      readonly text: string;
      readonly toolCalls: readonly {
        readonly id: string;
        readonly name: string;
        readonly input: unknown;
      }[];
    }
  | {
      readonly kind: 'tool-result';
      readonly toolCallId: string;
      readonly text: string;
      readonly isError: boolean;
    };

export function textChunks(reply: ScriptedReply): string[] {
  if (reply.text === undefined) return [];
  return (typeof reply.text === 'string' ? [reply.text] : [...reply.text]).filter(
    (chunk) => chunk.length > 0,
  );
}

export function toolArguments(call: ScriptedToolCall): string {
  return typeof call.input === 'string' ? call.input : JSON.stringify(call.input);
}
