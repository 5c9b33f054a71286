import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import { createLowlight } from 'lowlight';
import { plainLines, toLines, type CodeLanguage, type CodeSegment } from './code-lines';

/**
 * Only the languages of a generated app (React + TypeScript, Vite layout) are registered, so the
 * highlighter's chunk stays small. CodeView loads this module on demand.
 */
const lowlight = createLowlight({ css, javascript, json, markdown, typescript, xml });

/** Highlighting is skipped above this size: the file still shows, as plain text. */
export const HIGHLIGHT_MAX_CHARS = 200_000;

type HighlightNode = ReturnType<typeof lowlight.highlight>['children'][number];

function flatten(nodes: readonly HighlightNode[], classes: string, out: CodeSegment[]): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push({ text: node.value, className: classes });
    else if (node.type === 'element') {
      const own = node.properties['className'];
      const names = Array.isArray(own) ? own.join(' ') : typeof own === 'string' ? own : '';
      flatten(node.children, [classes, names].filter(Boolean).join(' '), out);
    }
  }
}

/**
 * The file as lines of highlighted segments (text only: nothing is ever parsed as HTML). A
 * construct that spans lines (a block comment) keeps its classes on every line it covers.
 */
export function highlightLines(code: string, language: CodeLanguage | null): CodeSegment[][] {
  if (!language || code.length > HIGHLIGHT_MAX_CHARS) return plainLines(code);
  const segments: CodeSegment[] = [];
  flatten(lowlight.highlight(language, code).children, '', segments);
  return toLines(segments, code);
}
