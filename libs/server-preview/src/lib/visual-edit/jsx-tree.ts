import { parse } from '@babel/parser';
import type { ParserPlugin } from '@babel/parser';
import { VISITOR_KEYS } from '@babel/types';
import type { File, JSXAttribute, JSXElement, Node } from '@babel/types';
import type { ElementLocation } from './types';

/** One JSX element of the file, with what the edits need to know about where it stands. */
export interface LocatedElement {
  readonly node: JSXElement;
  /** The node holding the element: a parent element's children, a `return`, a `&&`, … */
  readonly parent: Node;
  readonly location: ElementLocation;
  /** The tag as written: `h1`, `motion.div`, `Card`. */
  readonly tagName: string;
}

/** Everything a visual edit reads from the file: its text, its path and its elements. */
export interface JsxSource {
  readonly code: string;
  readonly filePath: string;
  /** The quote the file's imports use, for new string literals. */
  readonly quote: "'" | '"';
  /** Elements by `line:column` of their `<`. */
  readonly elements: ReadonlyMap<string, LocatedElement>;
  /** The parsed file (to look up what an element's code reads). */
  readonly program: File;
}

export function locationKey(location: ElementLocation): string {
  return `${location.line}:${location.column}`;
}

/** Same parser settings as the preview build (tagJsxSource), so the same locations. */
export function parseModule(code: string, filePath: string): File {
  const plugins: ParserPlugin[] = filePath.toLowerCase().endsWith('.tsx')
    ? ['jsx', 'typescript']
    : ['jsx'];
  return parse(code, { sourceType: 'module', plugins, errorRecovery: false });
}

/** The node's child nodes, as Babel's visitor keys name them. */
export function childNodes(node: Node): Node[] {
  const children: Node[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const key of VISITOR_KEYS[node.type] ?? []) {
    const value = record[key];
    if (Array.isArray(value)) {
      for (const item of value) if (item && typeof item === 'object') children.push(item as Node);
    } else if (value && typeof value === 'object') {
      children.push(value as Node);
    }
  }
  return children;
}

function fileQuote(program: File): "'" | '"' {
  for (const statement of program.program.body) {
    if (statement.type === 'ImportDeclaration') {
      const raw = statement.source.extra?.['raw'];
      if (typeof raw === 'string' && raw.startsWith('"')) return '"';
      return "'";
    }
  }
  return "'";
}

/** Parses the file and indexes its JSX elements by location. Throws Babel's error when it does not parse. */
export function readJsxSource(code: string, filePath: string): JsxSource {
  const program = parseModule(code, filePath);
  const elements = new Map<string, LocatedElement>();
  // An explicit stack, not recursion: generated files can nest deeply.
  const stack: Array<{ node: Node; parent: Node }> = [{ node: program, parent: program }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop() as { node: Node; parent: Node };
    if (node.type === 'JSXElement' && node.loc && typeof node.start === 'number') {
      const name = node.openingElement.name;
      const location = { line: node.loc.start.line, column: node.loc.start.column + 1 };
      elements.set(locationKey(location), {
        node,
        parent,
        location,
        tagName: code.slice(name.start ?? 0, name.end ?? 0),
      });
    }
    for (const child of childNodes(node)) stack.push({ node: child, parent: node });
  }
  return { code, filePath, quote: fileQuote(program), elements, program };
}

/** How a refusal names an element: `<h1> in src/components/Hero.tsx line 12`. */
export function describeElement(element: LocatedElement, filePath: string): string {
  return `<${element.tagName}> in ${filePath} line ${element.location.line}`;
}

/** The last attribute with this name (the one React uses), or null. */
export function findAttribute(element: LocatedElement, name: string): JSXAttribute | null {
  let found: JSXAttribute | null = null;
  for (const attribute of element.node.openingElement.attributes) {
    if (
      attribute.type === 'JSXAttribute' &&
      attribute.name.type === 'JSXIdentifier' &&
      attribute.name.name === name
    ) {
      found = attribute;
    }
  }
  return found;
}

/** Where a new attribute goes: right after the tag name and its type arguments (`<List<T>`). */
export function attributeInsertionPoint(element: LocatedElement): number {
  const opening = element.node.openingElement;
  const typeArguments = opening.typeArguments ?? opening.typeParameters;
  return end(typeArguments ?? opening.name);
}

export function start(node: Node): number {
  if (typeof node.start !== 'number') throw new Error(`A ${node.type} node has no position.`);
  return node.start;
}

export function end(node: Node): number {
  if (typeof node.end !== 'number') throw new Error(`A ${node.type} node has no position.`);
  return node.end;
}

export function sourceOf(source: JsxSource, node: Node): string {
  return source.code.slice(start(node), end(node));
}

/** Where the whitespace before `position` starts (for removing an attribute with its separator). */
export function whitespaceStartBefore(code: string, position: number): number {
  let index = position;
  while (index > 0 && /\s/.test(code[index - 1] ?? '')) index -= 1;
  return index;
}

/** The indentation of the line that holds `position`. */
export function indentationAt(code: string, position: number): string {
  const lineStart = code.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(code.slice(lineStart))?.[0] ?? '';
}
