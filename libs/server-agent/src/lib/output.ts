/** The most a tool answers the model in one result; longer outputs are cut with a note. */
export const TOOL_OUTPUT_MAX_CHARS = 20_000;

/** `text`, or its start and a note saying how much was cut and what to do about it. */
export function capOutput(text: string, hint: string, max = TOOL_OUTPUT_MAX_CHARS): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max);
  return `${kept}\n[Output cut: ${text.length - max} more characters not shown. ${hint}]`;
}

/** How many times `needle` occurs in `haystack` (non-overlapping); 0 for an empty needle. */
export function countOccurrences(haystack: string, needle: string): number {
  if (needle.length === 0) return 0;
  let count = 0;
  let from = 0;
  for (;;) {
    const at = haystack.indexOf(needle, from);
    if (at === -1) return count;
    count += 1;
    from = at + needle.length;
  }
}

export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** An error message of anything thrown, for the model or the person (never a stack). */
export function messageOf(error: unknown): string {
  // Not instanceof: errors may come from another realm (fetch, a VM, a test sandbox).
  const message =
    typeof error === 'object' && error !== null
      ? (error as { message?: unknown }).message
      : undefined;
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error.';
}

/** A tool input's string is kept in the log up to this many characters. */
export const LOGGED_INPUT_STRING_MAX_CHARS = 500;
const LOGGED_INPUT_ITEMS_MAX = 50;
const LOGGED_INPUT_DEPTH_MAX = 4;

/**
 * A tool call's input as the task's log keeps it: bounded whatever the model sent (a written
 * file's content is in the version, not the log). Long strings keep their start and say how
 * much was left out; long lists and objects keep their first items; deep nesting is cut.
 */
export function loggedToolInput(input: unknown): Record<string, unknown> {
  const bound = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') {
      if (value.length <= LOGGED_INPUT_STRING_MAX_CHARS) return value;
      return `${value.slice(0, LOGGED_INPUT_STRING_MAX_CHARS)}… [${value.length - LOGGED_INPUT_STRING_MAX_CHARS} more characters not kept in the log]`;
    }
    if (value === null || typeof value !== 'object') return value;
    if (depth >= LOGGED_INPUT_DEPTH_MAX) return '[…]';
    if (Array.isArray(value)) {
      const kept = value.slice(0, LOGGED_INPUT_ITEMS_MAX).map((item) => bound(item, depth + 1));
      if (value.length > kept.length) kept.push(`[${value.length - kept.length} more items]`);
      return kept;
    }
    const entries = Object.entries(value);
    const kept = Object.fromEntries(
      entries
        .slice(0, LOGGED_INPUT_ITEMS_MAX)
        .map(([key, item]) => [key.slice(0, 100), bound(item, depth + 1)]),
    );
    if (entries.length > LOGGED_INPUT_ITEMS_MAX)
      kept['…'] = `${entries.length - LOGGED_INPUT_ITEMS_MAX} more fields`;
    return kept;
  };
  const bounded = bound(input, 0);
  return bounded !== null && typeof bounded === 'object' && !Array.isArray(bounded)
    ? (bounded as Record<string, unknown>)
    : { input: bounded };
}
