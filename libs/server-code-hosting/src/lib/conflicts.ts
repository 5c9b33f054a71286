// Merging Mason's side and GitHub's side file by file, and what a person sees of a conflict.
import { CONFLICT_TEXT_MAX_BYTES, type ConflictSide } from '@mason/contract';

/** A side's files: path -> git blob oid. */
export type Files = ReadonlyMap<string, string>;

/**
 * Three-way by file against the common commit: a file changed on one side only takes that side;
 * a file changed differently on both sides is a conflict (left out of `files`, named in
 * `conflicts`).
 */
export function mergeFiles(
  base: Files,
  ours: Files,
  theirs: Files,
): { files: Map<string, string>; conflicts: string[] } {
  const files = new Map<string, string>();
  const conflicts: string[] = [];
  const paths = new Set([...base.keys(), ...ours.keys(), ...theirs.keys()]);
  for (const filePath of [...paths].sort()) {
    const [b, o, t] = [base.get(filePath), ours.get(filePath), theirs.get(filePath)];
    const merged = o === t ? o : o === b ? t : t === b ? o : null;
    if (merged === null) conflicts.push(filePath);
    else if (merged !== undefined) files.set(filePath, merged);
  }
  return { files, conflicts };
}

/** Text git can show in a diff: no NUL byte in its first 8000 bytes, and valid UTF-8. */
function textOf(content: Buffer): string | null {
  if (content.subarray(0, 8000).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return null;
  }
}

/** One side of a conflicting file as the person sees it. */
export function sideOf(content: Buffer | undefined): ConflictSide {
  if (content === undefined) return { kind: 'MISSING', text: null };
  if (content.length > CONFLICT_TEXT_MAX_BYTES) return { kind: 'TOO_LARGE', text: null };
  const text = textOf(content);
  return text === null ? { kind: 'BINARY', text: null } : { kind: 'TEXT', text };
}

const MARKERS = { ours: '<<<<<<< Mason', middle: '=======', theirs: '>>>>>>> GitHub' } as const;

/** A line that starts a conflict marker (git's seven characters). */
const MARKER_LINE = /^(<{7}|={7}|>{7})(?: |$)/m;

/** Both sides of a text file between git's conflict markers, for the assistant to merge. */
export function withMarkers(ours: string, theirs: string): string {
  const block = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);
  return `${MARKERS.ours}\n${block(ours)}${MARKERS.middle}\n${block(theirs)}${MARKERS.theirs}\n`;
}

/** Whether a file still holds a conflict marker line. */
export const hasMarkers = (content: Buffer): boolean => MARKER_LINE.test(content.toString('utf8'));

/** The person's message that asks the assistant to merge files holding conflict markers. */
export function mergeRequestMessage(files: readonly string[]): string {
  const named =
    files.length === 1 ? files[0] : `${files.slice(0, -1).join(', ')} and ${files.at(-1)}`;
  return [
    `Merge the changes from GitHub in ${named}.`,
    `Mason and GitHub both changed ${files.length === 1 ? 'this file' : 'these files'}: ${files.length === 1 ? 'it holds' : 'each holds'} both versions between conflict markers (${MARKERS.ours}, ${MARKERS.middle}, ${MARKERS.theirs}).`,
    'Keep what both sides meant, remove every marker, and check the app still builds.',
  ].join(' ');
}
