import { FilePathError } from './errors';

/** The longest project path accepted, in characters. */
export const MAX_PATH_LENGTH = 1024;

/** Folders the project may not hold: installed packages and version-control data. */
const RESERVED_FOLDERS = ['node_modules', '.git'];

// C0 controls, DEL and C1 controls: never part of a sane file name.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// Marks that reorder or hide text (bidirectional overrides and isolates, zero-width characters,
// line separators): a name with one shows as something it is not.
const INVISIBLE_CHARACTERS = /[\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

const EXAMPLE = 'Use a relative path like src/App.tsx.';

/** Shows a path inside a message without letting control characters through. */
function quote(input: string): string {
  const shown = input.length > 80 ? `${input.slice(0, 77)}...` : input;
  const escaped = JSON.stringify(shown)
    .slice(1, -1)
    .replace(
      new RegExp(INVISIBLE_CHARACTERS.source, 'g'),
      (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return `'${escaped}'`;
}

/**
 * Checks and normalises a path inside a project: relative, '/'-separated, no '.', '..' or empty
 * segments ('./src//a.ts' becomes 'src/a.ts'). Throws a FilePathError whose message says what is
 * wrong and what to use instead, for the AI model or the person who gave the path.
 */
export function normalizeProjectPath(input: string): string {
  if (typeof input !== 'string' || input.trim() === '') {
    throw new FilePathError(`The path is empty. ${EXAMPLE}`);
  }
  if (input.includes('\0')) {
    throw new FilePathError(`Path ${quote(input)} contains a NUL byte. ${EXAMPLE}`);
  }
  if (CONTROL_CHARACTERS.test(input)) {
    throw new FilePathError(`Path ${quote(input)} contains a control character. ${EXAMPLE}`);
  }
  if (INVISIBLE_CHARACTERS.test(input)) {
    throw new FilePathError(
      `Path ${quote(input)} contains an invisible or text-reordering character. ${EXAMPLE}`,
    );
  }
  if (input.length > MAX_PATH_LENGTH) {
    throw new FilePathError(
      `Path ${quote(input)} is ${input.length} characters long; the limit is ${MAX_PATH_LENGTH}. Use a shorter path.`,
    );
  }
  if (input.startsWith('/') || /^[A-Za-z]:/.test(input) || input.startsWith('\\')) {
    throw new FilePathError(
      `Path ${quote(input)} is absolute. Paths are relative to the project root, like src/App.tsx.`,
    );
  }
  if (input.includes('\\')) {
    throw new FilePathError(
      `Path ${quote(input)} contains a backslash. Separate folders with '/', like src/components/Button.tsx.`,
    );
  }
  if (input !== input.trim()) {
    throw new FilePathError(`Path ${quote(input)} starts or ends with a space. ${EXAMPLE}`);
  }
  const segments: string[] = [];
  const raw = input.split('/');
  for (const [position, segment] of raw.entries()) {
    if (segment === '..') {
      throw new FilePathError(`Path ${quote(input)} leaves the project. ${EXAMPLE}`);
    }
    if (segment === '') continue; // 'src//a.ts' and a trailing '/' collapse
    if (segment === '.') {
      // './src/a.ts' is fine; 'src/./a.ts' and a path that is only dots are not.
      if (position === 0 && raw.length > 1) continue;
      throw new FilePathError(`Path ${quote(input)} has a '.' segment. ${EXAMPLE}`);
    }
    if (/^\.+$/.test(segment)) {
      throw new FilePathError(`Path ${quote(input)} has a segment made only of dots. ${EXAMPLE}`);
    }
    if (segment !== segment.trim()) {
      throw new FilePathError(
        `Path ${quote(input)} has a folder or file name that starts or ends with a space. ${EXAMPLE}`,
      );
    }
    segments.push(segment);
  }
  if (segments.length === 0) {
    throw new FilePathError(`Path ${quote(input)} names no file. ${EXAMPLE}`);
  }
  if (input.endsWith('/')) {
    throw new FilePathError(`Path ${quote(input)} names a folder, not a file. ${EXAMPLE}`);
  }
  // Case-insensitive file systems (macOS, Windows) see NODE_MODULES as node_modules.
  const reserved = segments
    .map((segment) => segment.toLowerCase())
    .find((segment) => RESERVED_FOLDERS.includes(segment));
  if (reserved) {
    throw new FilePathError(
      reserved === 'node_modules'
        ? `Path ${quote(input)} is inside node_modules, which the project does not store. Packages come from the runtime; write your own code under src/.`
        : `Path ${quote(input)} is inside .git, which the project does not store. Write project files, like src/App.tsx.`,
    );
  }
  return segments.join('/');
}
