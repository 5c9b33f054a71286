/** The part of a Babel AST node the state key reads. */
interface Node {
  readonly type: string;
  readonly start?: number | null;
  readonly end?: number | null;
  readonly [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

const MARKUP = new Set(['JSXElement', 'JSXFragment']);
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);
const SKIPPED_KEYS = new Set([
  'loc',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
]);

/** The outermost nodes under `root` (itself excluded) whose type is in `types`, in source order. */
function outermost(root: Node, types: ReadonlySet<string>): Node[] {
  const found: Node[] = [];
  const stack: unknown[] = [root];
  let first = true;
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let index = node.length - 1; index >= 0; index -= 1) stack.push(node[index]);
      continue;
    }
    if (!isNode(node)) continue;
    if (!first && types.has(node.type)) {
      found.push(node);
      continue;
    }
    first = false;
    const keys = Object.keys(node).filter((key) => !SKIPPED_KEYS.has(key));
    for (let index = keys.length - 1; index >= 0; index -= 1)
      stack.push(node[keys[index] as string]);
  }
  return found.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
}

/** `node`'s source with each markup in it replaced by what of that markup can make state. */
function codeOf(node: Node, code: string): string {
  const start = node.start ?? 0;
  let text = '';
  let at = start;
  for (const markup of outermost(node, MARKUP)) {
    text += code.slice(at, markup.start ?? at);
    text += markupOf(markup, code);
    at = markup.end ?? at;
  }
  return text + code.slice(at, node.end ?? at);
}

/**
 * What of a piece of markup (JSX) can make or change state: the functions in it (event
 * handlers, refs, a `.map` callback), as code, their own markup reduced again. Its text,
 * attributes, elements and the values it renders are left out: they show state, never make it.
 */
function markupOf(markup: Node, code: string): string {
  return `<${outermost(markup, FUNCTIONS)
    .map((fn) => codeOf(fn, code))
    .join('|')}>`;
}

/**
 * A module's state key: its code with the markup its components render reduced to the
 * functions in it. Two versions of a module with the same key differ only in what they render
 * (text, class names, styles, attributes, elements; a visual edit, a reworded heading): the
 * state a page built with one holds is state the other makes the same way, so a hot update may
 * keep it (React Fast Refresh). A different key means the code that starts or changes state may
 * differ (a list's first items, a handler, a hook, any value outside markup): the page must show
 * the new version from a fresh start, or it would show one version's state in another's code.
 */
export function stateKeyOf(program: Node, code: string): string {
  return codeOf(program, code);
}
