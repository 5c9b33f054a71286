import { parse } from '@babel/parser';
import type { ParserPlugin } from '@babel/parser';
// The named export: the api's CommonJS bundle loads this ES module with require(), where a
// default import would be the module namespace, not the class.
import { MagicString } from 'magic-string';
import {
  PREVIEW_SOURCE_ATTRIBUTES as SOURCE_ATTRIBUTES,
  PREVIEW_TEXT_FROM_CODE_ATTRIBUTE,
} from '@mason/contract/preview';
import { isNode, type AstNode } from './ast-node';
import { PreviewSyntaxError } from './errors';
import {
  parameterReads,
  textFromCode,
  writtenListCallback,
  writtenLists,
  type ParameterRead,
} from './text-from-code';

/** The component name used when an element is not inside a named component. */
export const ANONYMOUS_COMPONENT = 'anonymous';

/** Keys of a Babel node that hold positions or comments, never child nodes worth visiting. */
const SKIPPED_KEYS = new Set([
  'loc',
  'start',
  'end',
  'range',
  'extra',
  'leadingComments',
  'trailingComments',
  'innerComments',
  'comments',
  'tokens',
]);

function isComponentName(name: unknown): name is string {
  return typeof name === 'string' && /^[A-Z]/.test(name);
}

function identifierName(node: unknown): string | null {
  return isNode(node) && node.type === 'Identifier' && typeof node['name'] === 'string'
    ? node['name']
    : null;
}

const FUNCTION_TYPES = new Set([
  'ArrowFunctionExpression',
  'FunctionExpression',
  'ClassExpression',
]);

/** A function or class, or a call wrapping one (`memo(() => …)`, `forwardRef(function …)`). */
function isComponentValue(value: unknown): boolean {
  if (!isNode(value)) return false;
  if (FUNCTION_TYPES.has(value.type)) return true;
  if (value.type !== 'CallExpression' || !Array.isArray(value['arguments'])) return false;
  return value['arguments'].some((argument: unknown) => isComponentValue(argument));
}

/** The component a node starts, when it is one: `function Card`, `class Card`, `const Card = …`. */
function componentNameOf(node: AstNode): string | null {
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ClassDeclaration':
    case 'ClassExpression': {
      const name = identifierName(node['id']);
      return isComponentName(name) ? name : null;
    }
    case 'VariableDeclarator': {
      // `const Card = () => …`, and also `const Card = memo(() => …)` or `forwardRef(…)`.
      const name = identifierName(node['id']);
      return isComponentName(name) && isComponentValue(node['init']) ? name : null;
    }
    default:
      return null;
  }
}

/** JSX attribute strings decode HTML entities and know no backslash escapes. */
function attributeValue(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** `Fragment` and `React.Fragment` take no props but a key: they are never tagged. */
function isFragment(opening: AstNode): boolean {
  const name = opening['name'];
  if (!isNode(name)) return false;
  if (name.type === 'JSXIdentifier') return name['name'] === 'Fragment';
  const property = name['property'];
  return name.type === 'JSXMemberExpression' && isNode(property) && property['name'] === 'Fragment';
}

function hasSourceAttribute(opening: AstNode): boolean {
  const attributes = opening['attributes'];
  if (!Array.isArray(attributes)) return false;
  return attributes.some(
    (attribute: unknown) =>
      isNode(attribute) &&
      attribute.type === 'JSXAttribute' &&
      isNode(attribute['name']) &&
      attribute['name']['name'] === SOURCE_ATTRIBUTES.file,
  );
}

function pluginsFor(filePath: string): ParserPlugin[] {
  return filePath.toLowerCase().endsWith('.tsx') ? ['jsx', 'typescript'] : ['jsx'];
}

function parseProgram(code: string, filePath: string): AstNode {
  try {
    return parse(code, {
      sourceType: 'module',
      plugins: pluginsFor(filePath),
      errorRecovery: false,
    }) as unknown as AstNode;
  } catch (error) {
    const failure = error as { message?: unknown; loc?: { line?: unknown; column?: unknown } };
    if (typeof failure.message !== 'string') throw error;
    const line = typeof failure.loc?.line === 'number' ? failure.loc.line : null;
    const column = typeof failure.loc?.column === 'number' ? failure.loc.column + 1 : null;
    throw new PreviewSyntaxError({
      severity: 'error',
      file: filePath,
      line,
      column,
      // Babel ends its messages with "(line:column)"; the diagnostic carries those apart.
      message: failure.message.replace(/\s*\(\d+:\d+\)$/, ''),
    });
  }
}

/**
 * Adds source attributes to every JSX element (`<div>`, `<li>`, `<Card>`; not a fragment) of a
 * .tsx or .jsx file, so that an element clicked in the preview maps back to its source. A
 * component passes them on like any prop: one that spreads its props onto its element (the kit's
 * `<p {...props}>`) gets its caller's, which come after its own, so a click maps to where the
 * component is used (`<CardDescription>` in App.tsx), not to the kit's file. The attributes: `data-mason-file` (the path as given), `data-mason-line` and `data-mason-col`
 * (1-based, where the element's `<` is) and `data-mason-component` (the nearest enclosing
 * component: a function, class or variable whose name starts with an upper case letter; else
 * 'anonymous'), and, on an element whose text comes from code, `data-mason-text-code` (that
 * code: see text-from-code.ts). Only inserts text: the rest of the file is kept byte for byte. Elements that
 * already carry a `data-mason-file` are left alone; other files are returned as they are.
 * Throws a PreviewSyntaxError, with the diagnostic, when the file does not parse.
 */
export function tagJsxSource(code: string, filePath: string): string {
  if (!/\.[jt]sx$/i.test(filePath)) return code;
  // Cheap exit: a file without any '<' has no JSX.
  if (!code.includes('<')) return code;
  const program = parseProgram(code, filePath);
  const output = new MagicString(code);
  const file = attributeValue(filePath);
  let changed = false;

  // An explicit stack, not recursion: generated files can nest deeply. `reads`: the names the
  // parameters of the enclosing functions bind, nearest first, and how text may read each
  // (a component's props, a .map callback's item: parameterReads).
  interface Visit {
    readonly node: AstNode;
    readonly parent: AstNode | undefined;
    readonly component: string;
    readonly reads: ReadonlyMap<string, ParameterRead>;
  }
  const stack: Visit[] = [
    { node: program, parent: undefined, component: ANONYMOUS_COMPONENT, reads: new Map() },
  ];
  // The code an element's text comes from, by its opening element (visited after the element).
  const codeTexts = new Map<AstNode, string>();
  const lists = writtenLists(program);
  // Callbacks of a .map over a list written in the source: their items are written there.
  const writtenCallbacks = new Set<AstNode>();
  while (stack.length > 0) {
    const { node, parent, component: outer, reads: outerReads } = stack.pop() as Visit;
    const component = componentNameOf(node) ?? outer;
    const callback = writtenListCallback(node, lists);
    if (callback) writtenCallbacks.add(callback);
    const own = parameterReads(node, parent, writtenCallbacks.has(node));
    const reads = own?.size ? new Map([...outerReads, ...own]) : outerReads;
    if (node.type === 'JSXElement' && isNode(node['openingElement'])) {
      const fromCode = textFromCode(node, code, reads);
      if (fromCode !== null) codeTexts.set(node['openingElement'], fromCode);
    }
    if (
      node.type === 'JSXOpeningElement' &&
      !isFragment(node) &&
      !hasSourceAttribute(node) &&
      node.loc
    ) {
      const name = node['name'] as AstNode;
      if (typeof name.end === 'number') {
        const { line, column } = node.loc.start;
        const fromCode = codeTexts.get(node);
        output.appendLeft(
          name.end,
          ` ${SOURCE_ATTRIBUTES.file}="${file}" ${SOURCE_ATTRIBUTES.line}="${line}" ${SOURCE_ATTRIBUTES.column}="${column + 1}" ${SOURCE_ATTRIBUTES.component}="${attributeValue(component)}"` +
            (fromCode === undefined
              ? ''
              : ` ${PREVIEW_TEXT_FROM_CODE_ATTRIBUTE}="${attributeValue(fromCode)}"`),
        );
        changed = true;
      }
    }
    for (const key of Object.keys(node)) {
      if (SKIPPED_KEYS.has(key)) continue;
      const value = node[key];
      if (Array.isArray(value)) {
        for (const child of value)
          if (isNode(child)) stack.push({ node: child, parent: node, component, reads });
      } else if (isNode(value)) {
        stack.push({ node: value, parent: node, component, reads });
      }
    }
  }
  return changed ? output.toString() : code;
}
