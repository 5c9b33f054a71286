// What an MCP tool answered, as the text Mason passes on. A result is data from outside: it is
// kept as plain text (never rendered as HTML by anyone), content that is not text is named rather
// than shown, and it is cut at MCP_RESULT_MAX_CHARS so one answer cannot flood a turn.

/** The most characters of one tool result Mason keeps. */
export const MCP_RESULT_MAX_CHARS = 20_000;

export interface McpToolResult {
  readonly text: string;
  /** The tool said it failed (its text says why). */
  readonly isError: boolean;
}

/** One block of a tools/call result's content, as loosely as servers send it. */
interface ContentBlock {
  readonly type: string;
  readonly text?: unknown;
  readonly uri?: unknown;
  readonly resource?: { readonly text?: unknown; readonly uri?: unknown };
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'resource':
      return typeof block.resource?.text === 'string'
        ? block.resource.text
        : '[embedded resource content, not shown]';
    case 'resource_link':
      return `[a link to ${String(block.uri)}, not opened]`;
    default:
      // image, audio, and whatever a newer server sends.
      return `[${block.type} content, not shown]`;
  }
}

/** Cuts `text` at MCP_RESULT_MAX_CHARS, saying how long it was. */
export function capResult(text: string): string {
  if (text.length <= MCP_RESULT_MAX_CHARS) return text;
  return `${text.slice(0, MCP_RESULT_MAX_CHARS)}\n[cut: the result was ${text.length} characters]`;
}

/** A tools/call result (its `content`, or `structuredContent` alone) as text. */
export function toolResultText(result: {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  /** What servers of protocol 2024-10-07 answered instead of content. */
  readonly toolResult?: unknown;
}): McpToolResult {
  const blocks = Array.isArray(result.content) ? (result.content as ContentBlock[]) : [];
  const structured = result.structuredContent ?? result.toolResult;
  const text =
    blocks.length > 0 || structured === undefined
      ? blocks.map(blockText).join('\n')
      : JSON.stringify(structured);
  return { text: capResult(text), isError: result.isError === true };
}
