/** The grammar for a file, by its extension; null: shown as plain text. */
export type CodeLanguage = 'css' | 'javascript' | 'json' | 'markdown' | 'typescript' | 'xml';

const BY_EXTENSION: Readonly<Record<string, CodeLanguage>> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  css: 'css',
  json: 'json',
  html: 'xml',
  htm: 'xml',
  svg: 'xml',
  xml: 'xml',
  md: 'markdown',
  markdown: 'markdown',
};

export function languageOf(path: string): CodeLanguage | null {
  const name = path.split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  return BY_EXTENSION[name.slice(dot + 1).toLowerCase()] ?? null;
}

/** A run of text in one line, with the highlighter's classes (e.g. 'hljs-keyword'); '' for plain. */
export interface CodeSegment {
  text: string;
  className: string;
}

/** Cuts runs of text into lines; a run that spans lines keeps its classes on each of them. */
export function toLines(segments: readonly CodeSegment[], code: string): CodeSegment[][] {
  const lines: CodeSegment[][] = [[]];
  for (const segment of segments) {
    const parts = segment.text.split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part) lines[lines.length - 1]?.push({ text: part, className: segment.className });
    });
  }
  // A final newline ends the last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1]?.length === 0 && code.endsWith('\n')) lines.pop();
  return lines;
}

/** The file as plain lines (before the highlighter has loaded, or for files it does not know). */
export function plainLines(code: string): CodeSegment[][] {
  return toLines([{ text: code, className: '' }], code);
}
