import { PREVIEW_TEXT_FROM_CODE_MAX_LENGTH } from '@mason/contract/preview';
import { isNode, type AstNode } from './ast-node';

// Which elements show text that comes from code (`{TITLE}`, `{count} left`), told to the edit
// panel by the preview build (PREVIEW_TEXT_FROM_CODE_ATTRIBUTE) so it can say so before Save.
// The same line as the visual edit's text change (visual-edit/text-edit.ts): JSX text and
// string literals are written in place; one expression that reads a function's parameter (a
// component's prop, the item of a .map over a list written in the source) may be written where
// the component is used or the list is, which that change looks up; any other expression is
// code, and so are a helper's parameters and the item of a list the app gets while it runs.

const FUNCTION_TYPES = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

/** The names a pattern binds: `title`, `{ title, body: text = '' }`, `[first, ...rest]`. */
function boundBy(pattern: unknown, names: string[]): void {
  if (!isNode(pattern)) return;
  switch (pattern.type) {
    case 'Identifier':
      if (typeof pattern['name'] === 'string') names.push(pattern['name']);
      return;
    case 'AssignmentPattern':
      boundBy(pattern['left'], names);
      return;
    case 'RestElement':
      boundBy(pattern['argument'], names);
      return;
    case 'ObjectProperty':
      boundBy(pattern['value'], names);
      return;
    case 'TSParameterProperty':
      boundBy(pattern['parameter'], names);
      return;
    case 'ObjectPattern':
      for (const property of (pattern['properties'] as unknown[]) ?? []) boundBy(property, names);
      return;
    case 'ArrayPattern':
      for (const element of (pattern['elements'] as unknown[]) ?? []) boundBy(element, names);
      return;
    default:
      return;
  }
}

/** `x as const`, `x satisfies T`, `(x)`: the value underneath. */
function unwrap(node: unknown): AstNode | null {
  let current = isNode(node) ? node : null;
  while (
    current &&
    (current.type === 'TSAsExpression' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'ParenthesizedExpression')
  )
    current = isNode(current['expression']) ? current['expression'] : null;
  return current;
}

/**
 * The lists whose items' text is written in the source: an array written at the top of the
 * module, or a list imported from a file of the project (the text change edits it there).
 */
export function writtenLists(file: AstNode): Set<string> {
  const lists = new Set<string>();
  const program = file['program'];
  const body = isNode(program) && Array.isArray(program['body']) ? program['body'] : [];
  for (const statement of body.filter(isNode)) {
    if (statement.type === 'ImportDeclaration') {
      const from = isNode(statement['source']) ? String(statement['source']['value']) : '';
      if (!from.startsWith('.')) continue;
      for (const specifier of (statement['specifiers'] as unknown[]).filter(isNode)) {
        const local = specifier['local'];
        if (specifier.type !== 'ImportNamespaceSpecifier' && isNode(local))
          lists.add(String(local['name']));
      }
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement['declaration'] : statement;
    if (!isNode(declaration) || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of (declaration['declarations'] as unknown[]).filter(isNode)) {
      const id = declarator['id'];
      if (
        isNode(id) &&
        id.type === 'Identifier' &&
        unwrap(declarator['init'])?.type === 'ArrayExpression'
      )
        lists.add(String(id['name']));
    }
  }
  return lists;
}

/**
 * How an element's text may read a name a function's parameter binds and still be changed in
 * place (the text change finds where it is written): as the value (`{title}`), as a field
 * (`{props.title}`), either, or not at all (`none`: the text is code).
 */
export type ParameterRead = 'value' | 'field' | 'value-or-field' | 'none';

/** The callback of a `.map` over a list written in the source, or null. */
export function writtenListCallback(node: AstNode, lists: ReadonlySet<string>): AstNode | null {
  if (node.type !== 'CallExpression') return null;
  const callee = node['callee'];
  if (!isNode(callee) || callee.type !== 'MemberExpression' || callee['computed'] === true)
    return null;
  const property = callee['property'];
  const object = callee['object'];
  if (!isNode(property) || property['name'] !== 'map') return null;
  if (!isNode(object) || object.type !== 'Identifier' || !lists.has(String(object['name'])))
    return null;
  const callback = Array.isArray(node['arguments']) ? node['arguments'][0] : null;
  return isNode(callback) && FUNCTION_TYPES.has(callback.type) ? callback : null;
}

/** `Card` in `function Card`, `const Card = (…) =>`: a function named with a capital. */
function isComponentFunction(fn: AstNode, parent: AstNode | undefined): boolean {
  const own = isNode(fn['id']) ? fn['id']['name'] : undefined;
  const declared =
    parent?.type === 'VariableDeclarator' && parent['init'] === fn && isNode(parent['id'])
      ? parent['id']['name']
      : undefined;
  const name = own ?? declared;
  return typeof name === 'string' && /^[A-Z]/.test(name);
}

/** The names an object pattern binds straight from its properties (`{ title, body = '' }`). */
function destructuredNames(pattern: AstNode): string[] {
  const names: string[] = [];
  for (const property of ((pattern['properties'] as unknown[]) ?? []).filter(isNode)) {
    if (property.type !== 'ObjectProperty') continue;
    let value = property['value'];
    if (isNode(value) && value.type === 'AssignmentPattern') value = value['left'];
    if (isNode(value) && value.type === 'Identifier') names.push(String(value['name']));
  }
  return names;
}

/**
 * What each name a function's parameters bind lets an element's text read in place, or null
 * when the node is no function. The same line as the text change (visual-edit/text-edit.ts): a
 * component's first parameter (its props, destructured or read by field) and the item of a
 * `.map` over a list written in the source are written somewhere the change can find; every
 * other parameter (a helper's, an index, the item of data the app gets while it runs) is code,
 * and hides the same name of an enclosing function.
 */
export function parameterReads(
  fn: AstNode,
  parent: AstNode | undefined,
  mapsWrittenList: boolean,
): Map<string, ParameterRead> | null {
  if (!FUNCTION_TYPES.has(fn.type)) return null;
  const params = ((fn['params'] as unknown[]) ?? []).filter(isNode);
  const names: string[] = [];
  for (const param of params) boundBy(param, names);
  const reads = new Map<string, ParameterRead>(names.map((name) => [name, 'none']));
  const first = params[0];
  const component = !mapsWrittenList && isComponentFunction(fn, parent);
  if (!first || (!mapsWrittenList && !component)) return reads;
  const pattern = component && first.type === 'AssignmentPattern' ? first['left'] : first;
  if (!isNode(pattern)) return reads;
  if (pattern.type === 'Identifier')
    reads.set(String(pattern['name']), mapsWrittenList ? 'value-or-field' : 'field');
  else if (pattern.type === 'ObjectPattern')
    for (const name of destructuredNames(pattern)) reads.set(name, 'value');
  return reads;
}

/** JSX drops text that is only whitespace with a line break, and comments render nothing. */
export function rendersText(child: AstNode): boolean {
  if (child.type === 'JSXText') {
    const value = String(child['value'] ?? '');
    return !(value.trim() === '' && /[\r\n]/.test(value));
  }
  const expression = child['expression'];
  return !(
    child.type === 'JSXExpressionContainer' &&
    isNode(expression) &&
    expression.type === 'JSXEmptyExpression'
  );
}

/** Text written in the source: JSX text, `{'literal'}` or `` {`plain`} ``. */
export function isWrittenJsxText(child: AstNode): boolean {
  if (child.type === 'JSXText') return true;
  const expression = child['expression'];
  if (child.type !== 'JSXExpressionContainer' || !isNode(expression)) return false;
  return (
    expression.type === 'StringLiteral' ||
    (expression.type === 'TemplateLiteral' &&
      Array.isArray(expression['expressions']) &&
      expression['expressions'].length === 0)
  );
}

/**
 * `{title}` or `{item.name}` where the nearest function that binds `title` or `item` lets the
 * text read it so (parameterReads).
 */
function readsParameter(child: AstNode, reads: ReadonlyMap<string, ParameterRead>): boolean {
  const expression = child['expression'];
  if (!isNode(expression)) return false;
  if (expression.type === 'Identifier') {
    const read = reads.get(String(expression['name']));
    return read === 'value' || read === 'value-or-field';
  }
  if (expression.type !== 'MemberExpression' || expression['computed'] === true) return false;
  const object = expression['object'];
  const property = expression['property'];
  if (!isNode(object) || object.type !== 'Identifier') return false;
  if (!isNode(property) || property.type !== 'Identifier') return false;
  const read = reads.get(String(object['name']));
  return read === 'field' || read === 'value-or-field';
}

/** Whether code makes elements (`{items.map((item) => <li>…</li>)}`): its text is not edited as a whole. */
function makesElements(node: AstNode): boolean {
  const stack: AstNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as AstNode;
    if (current.type === 'JSXElement' || current.type === 'JSXFragment') return true;
    for (const [key, value] of Object.entries(current)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push(item);
      } else if (isNode(value)) {
        stack.push(value);
      }
    }
  }
  return false;
}

/**
 * The code on one line, cut to the attribute's length. `import.meta.env.X` reads `env.X`: the
 * build defines import.meta.env's values, and the page keeps no import.meta.env of its own.
 */
function excerpt(text: string): string {
  const oneLine = text
    .replace(/\s+/g, ' ')
    .replace(/\bimport\s*\.\s*meta\s*\.\s*env\b/g, 'env')
    .trim();
  const max = PREVIEW_TEXT_FROM_CODE_MAX_LENGTH;
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/**
 * The code that makes a JSX element's text, when its text cannot be changed in place: `{TITLE}`
 * (cut to PREVIEW_TEXT_FROM_CODE_MAX_LENGTH). Null when it holds only written text, other
 * elements or code that makes them (its text is not edited as a whole), or one read of a
 * parameter (see above).
 */
export function textFromCode(
  element: AstNode,
  code: string,
  reads: ReadonlyMap<string, ParameterRead>,
): string | null {
  const children = Array.isArray(element['children'])
    ? (element['children'] as unknown[]).filter(isNode)
    : [];
  const shown = children.filter(rendersText);
  if (shown.some((child) => child.type === 'JSXElement' || child.type === 'JSXFragment'))
    return null;
  const fromCode = shown.filter((child) => !isWrittenJsxText(child));
  if (fromCode.length === 0 || fromCode.some(makesElements)) return null;
  if (shown.length === 1 && fromCode[0] && readsParameter(fromCode[0], reads)) return null;
  return excerpt(fromCode.map((child) => code.slice(child.start ?? 0, child.end ?? 0)).join(' '));
}
