import { end, start } from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/** The range of the element with its line(s), when nothing else stands on them; else null. */
function wholeLines(code: string, from: number, to: number): [number, number] | null {
  const lineStart = code.lastIndexOf('\n', from - 1) + 1;
  const newline = code.indexOf('\n', to);
  const lineEnd = newline === -1 ? code.length : newline;
  if (code.slice(lineStart, from).trim() !== '' || code.slice(to, lineEnd).trim() !== '')
    return null;
  return [lineStart, newline === -1 ? lineEnd : newline + 1];
}

/** The element with the parentheses around it (`return (\n  <div>…</div>\n);`), when any. */
function withParentheses(source: JsxSource, element: LocatedElement): [number, number] {
  const { node } = element;
  const from = start(node);
  const to = end(node);
  const parenStart = node.extra?.['parenStart'];
  if (node.extra?.['parenthesized'] !== true || typeof parenStart !== 'number') return [from, to];
  const closing = /^\s*\)/.exec(source.code.slice(to));
  return closing ? [parenStart, to + closing[0].length] : [from, to];
}

/**
 * The edit that removes the element. Among the children of an element or fragment it goes,
 * with its line(s) when it stands alone on them (no blank line left behind). Anywhere else it
 * is a value (a component's `return`, a `.map` callback's body, `x && <p/>`, a ternary
 * branch, a prop) and becomes `null`, which renders nothing.
 */
export function planDelete(source: JsxSource, element: LocatedElement): SourceEdit {
  const { node, parent } = element;
  if (parent.type === 'JSXElement' || parent.type === 'JSXFragment') {
    const lines = wholeLines(source.code, start(node), end(node));
    return lines ? replaceRange(...lines, '') : replaceRange(start(node), end(node), '');
  }
  // `prop=<p />` holds JSX without braces; `prop=null` would not parse.
  if (parent.type === 'JSXAttribute') return replaceRange(start(node), end(node), '{null}');
  return replaceRange(...withParentheses(source, element), 'null');
}
