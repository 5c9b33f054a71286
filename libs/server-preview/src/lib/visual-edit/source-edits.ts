// The named export: the api's CommonJS bundle loads this ES module with require(), where a
// default import would be the module namespace, not the class.
import { MagicString } from 'magic-string';

/** Replace `code.slice(start, end)` with `text`; start === end inserts. */
export interface SourceEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function replaceRange(start: number, end: number, text: string): SourceEdit {
  return { start, end, text };
}

export function insertAt(position: number, text: string): SourceEdit {
  return { start: position, end: position, text };
}

/** True when two edits touch the same text (an insertion may sit on a range's edge). */
function overlaps(first: SourceEdit, second: SourceEdit): boolean {
  if (first.start === first.end) return second.start < first.start && first.start < second.end;
  if (second.start === second.end) return first.start < second.start && second.start < first.end;
  return first.start < second.end && second.start < first.end;
}

/** Two edits that would rewrite the same text: they cannot both be applied. */
export class OverlappingEditsError extends Error {
  override readonly name = 'OverlappingEditsError';
}

/**
 * Applies every edit to the code with one MagicString, keeping the rest byte for byte.
 * Replacements go first and insertions after, so that an insertion at the edge of a replaced
 * range is kept; insertions at one position keep their order. Throws OverlappingEditsError
 * before changing anything when two edits overlap.
 */
export function applySourceEdits(code: string, edits: readonly SourceEdit[]): string {
  const sorted = [...edits].sort((first, second) => first.start - second.start);
  for (let index = 1; index < sorted.length; index += 1) {
    for (let other = index - 1; other >= 0; other -= 1) {
      if (overlaps(sorted[other] as SourceEdit, sorted[index] as SourceEdit)) {
        throw new OverlappingEditsError('Two changes rewrite the same part of the file.');
      }
    }
  }
  const output = new MagicString(code);
  for (const edit of edits) {
    if (edit.start === edit.end) continue;
    if (edit.text === '') output.remove(edit.start, edit.end);
    else output.overwrite(edit.start, edit.end, edit.text);
  }
  for (const edit of edits) {
    if (edit.start === edit.end && edit.text !== '') output.appendLeft(edit.start, edit.text);
  }
  return output.toString();
}

interface Ranged {
  readonly start?: number | null;
  readonly end?: number | null;
}

/**
 * The edits that remove some items of a comma-separated list (call arguments, object
 * properties) with their separators: an item before a kept one goes with the text up to the
 * next item, the items after the last kept one go with the text from the end of that one.
 * Null when every item goes (the caller decides what an empty list becomes).
 */
export function removeListItems(
  items: readonly Ranged[],
  removed: ReadonlySet<number>,
): SourceEdit[] | null {
  const kept = items.map((_, index) => index).filter((index) => !removed.has(index));
  const lastKept = kept[kept.length - 1];
  if (lastKept === undefined) return null;
  const edits: SourceEdit[] = [];
  for (const index of removed) {
    if (index < lastKept) {
      edits.push(
        replaceRange(position(items[index]?.start), position(items[index + 1]?.start), ''),
      );
    }
  }
  if (lastKept < items.length - 1) {
    edits.push(
      replaceRange(position(items[lastKept]?.end), position(items[items.length - 1]?.end), ''),
    );
  }
  return edits;
}

function position(value: number | null | undefined): number {
  if (typeof value !== 'number') throw new Error('A list item has no position.');
  return value;
}
