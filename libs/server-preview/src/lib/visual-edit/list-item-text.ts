import { VISITOR_KEYS } from '@babel/types';
import type { ArrayExpression, Expression, Node, ObjectExpression } from '@babel/types';
import { describeElement, end, sourceOf, start } from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { stringLiteral } from './literals';
import { ASK_THE_ASSISTANT, VisualEditRefusal } from './refusal';
import { replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/** The nodes from the file down to `target` (the file first, `target` last), or null. */
function pathTo(root: Node, target: Node): Node[] | null {
  const stack: Node[][] = [[root]];
  while (stack.length > 0) {
    const path = stack.pop() as Node[];
    const node = path[path.length - 1] as Node;
    if (node === target) return path;
    if (typeof node.start === 'number' && typeof target.start === 'number') {
      if (node.start > target.start || (node.end ?? 0) < (target.end ?? 0)) continue;
    }
    const record = node as unknown as Record<string, unknown>;
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = record[key];
      const children = Array.isArray(value) ? value : [value];
      for (const child of children)
        if (child && typeof child === 'object' && 'type' in child)
          stack.push([...path, child as Node]);
    }
  }
  return null;
}

/** `x as const`, `x satisfies T`, `(x)`: the value underneath. */
function unwrap(node: Node | null | undefined): Node | null {
  let current = node ?? null;
  while (
    current &&
    (current.type === 'TSAsExpression' ||
      current.type === 'TSSatisfiesExpression' ||
      current.type === 'ParenthesizedExpression')
  )
    current = current.expression;
  return current;
}

/** What the text shows of the list's item: the item itself, or one of its fields. */
interface ItemRead {
  readonly item: string;
  readonly field: string | null;
}

function itemRead(expression: Expression | Node): ItemRead | null {
  if (expression.type === 'Identifier') return { item: expression.name, field: null };
  if (
    expression.type === 'MemberExpression' &&
    !expression.computed &&
    expression.object.type === 'Identifier' &&
    expression.property.type === 'Identifier'
  )
    return { item: expression.object.name, field: expression.property.name };
  return null;
}

/** The `.map` over an identifier whose callback receives the item `read.item` (or its field). */
function mappedList(
  path: readonly Node[],
  read: ItemRead,
): { list: string; field: string | null } | null {
  for (let index = path.length - 1; index > 0; index -= 1) {
    const fn = path[index] as Node;
    if (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression') continue;
    const call = path[index - 1] as Node;
    if (
      call.type !== 'CallExpression' ||
      call.arguments[0] !== fn ||
      call.callee.type !== 'MemberExpression' ||
      call.callee.property.type !== 'Identifier' ||
      call.callee.property.name !== 'map' ||
      call.callee.object.type !== 'Identifier'
    )
      continue;
    const param = fn.params[0];
    const list = call.callee.object.name;
    if (param?.type === 'Identifier' && param.name === read.item)
      return { list, field: read.field };
    // `({ name }) => …{name}…`: the field destructured from the item.
    if (param?.type === 'ObjectPattern' && read.field === null) {
      const destructured = param.properties.some(
        (property) =>
          property.type === 'ObjectProperty' &&
          property.key.type === 'Identifier' &&
          property.value.type === 'Identifier' &&
          property.value.name === read.item,
      );
      if (destructured) {
        const property = param.properties.find(
          (candidate) =>
            candidate.type === 'ObjectProperty' &&
            candidate.value.type === 'Identifier' &&
            candidate.value.name === read.item,
        );
        if (property?.type === 'ObjectProperty' && property.key.type === 'Identifier')
          return { list, field: property.key.name };
      }
    }
    return null;
  }
  return null;
}

/** How `name` is bound at the top of the file: a literal array, an import, or something else. */
function bindingOf(
  source: JsxSource,
  name: string,
): { array: ArrayExpression } | { from: string } | { code: string } | null {
  for (const statement of source.program.program.body) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.specifiers.some((specifier) => specifier.local.name === name))
        return { from: statement.source.value };
      continue;
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== name) continue;
      const value = unwrap(declarator.init);
      return value?.type === 'ArrayExpression'
        ? { array: value }
        : { code: declarator.init ? sourceOf(source, declarator.init) : name };
    }
  }
  return null;
}

function fieldValue(item: ObjectExpression, field: string): Node | null {
  for (const property of item.properties) {
    if (property.type !== 'ObjectProperty' || property.computed) continue;
    const key =
      property.key.type === 'Identifier'
        ? property.key.name
        : property.key.type === 'StringLiteral'
          ? property.key.value
          : null;
    if (key === field) return property.value;
  }
  return null;
}

/**
 * The edit of a list item's text where the list is written: the element's text is `{item}` or
 * `{item.field}` inside `LIST.map((item) => …)`, LIST a literal array of this file; the item
 * shown is the one whose text the preview showed (`previousText`). Null when the text is not
 * read that way (the caller refuses it as code); a refusal that says why when the list is data
 * the app gets while it runs, or is written in another file.
 */
export function planListItemText(
  source: JsxSource,
  element: LocatedElement,
  expression: Expression | Node,
  previousText: string,
  text: string,
): SourceEdit[] | null {
  const read = itemRead(expression);
  if (!read) return null;
  const path = pathTo(source.program, element.node);
  const mapped = path && mappedList(path, read);
  if (!mapped) return null;
  const label = describeElement(element, source.filePath);
  const binding = bindingOf(source, mapped.list);
  if (!binding || 'code' in binding) {
    throw new VisualEditRefusal(
      `The text of the ${label} comes from ${mapped.list}, data the app gets while it runs${binding && 'code' in binding ? ` (${binding.code.replace(/\s+/g, ' ').slice(0, 60)})` : ''}, so it cannot be changed in the source here. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  if ('from' in binding) {
    throw new VisualEditRefusal(
      `The text of the ${label} comes from ${mapped.list}, written in ${binding.from}. Open that file in the code view to change it, or ${ASK_THE_ASSISTANT.charAt(0).toLowerCase()}${ASK_THE_ASSISTANT.slice(1)}`,
      element.location,
    );
  }
  const literals = binding.array.elements.flatMap((item) => {
    const value = unwrap(item);
    const shown =
      mapped.field === null
        ? value
        : value?.type === 'ObjectExpression'
          ? unwrap(fieldValue(value, mapped.field))
          : null;
    return shown?.type === 'StringLiteral' && shown.value === previousText ? [shown] : [];
  });
  if (literals.length === 0) return null;
  if (literals.length > 1) {
    throw new VisualEditRefusal(
      `${literals.length} items of ${mapped.list} show “${previousText}”, so which one to change is not clear. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  const literal = literals[0] as Node;
  const raw = (literal as { extra?: { raw?: unknown } }).extra?.raw;
  const quote = typeof raw === 'string' && raw.startsWith('"') ? '"' : "'";
  return [replaceRange(start(literal), end(literal), stringLiteral(text, quote))];
}
