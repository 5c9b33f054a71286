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
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error.';
}
