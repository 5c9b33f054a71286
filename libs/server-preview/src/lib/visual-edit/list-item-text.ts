import { parse, type ParserPlugin } from '@babel/parser';
import type { ArrayExpression, Expression, File, Node, ObjectExpression } from '@babel/types';
import { childNodes, describeElement, end, start } from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { stringLiteral } from './literals';
import {
  ASK_THE_ASSISTANT,
  TextElsewhereRefusal,
  VisualEditRefusal,
  type ListItemElsewhere,
} from './refusal';
import { applySourceEdits, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/** The nodes from the file down to `target` (the file first, `target` last), or null. */
export function pathTo(root: Node, target: Node): Node[] | null {
  const stack: Node[][] = [[root]];
  while (stack.length > 0) {
    const path = stack.pop() as Node[];
    const node = path[path.length - 1] as Node;
    if (node === target) return path;
    if (typeof node.start === 'number' && typeof target.start === 'number') {
      if (node.start > target.start || (node.end ?? 0) < (target.end ?? 0)) continue;
    }
    for (const child of childNodes(node)) stack.push([...path, child]);
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

type Binding =
  | { readonly array: ArrayExpression }
  | { readonly from: string; readonly exportName: string | null }
  | { readonly code: string };

/** How `name` is bound at the top of the file: a literal array, an import, or something else. */
function bindingOf(program: File, code: string, name: string): Binding | null {
  for (const statement of program.program.body) {
    if (statement.type === 'ImportDeclaration') {
      const specifier = statement.specifiers.find((candidate) => candidate.local.name === name);
      if (!specifier) continue;
      const exportName =
        specifier.type === 'ImportDefaultSpecifier'
          ? 'default'
          : specifier.type === 'ImportSpecifier'
            ? specifier.imported.type === 'Identifier'
              ? specifier.imported.name
              : specifier.imported.value
            : null;
      return { from: statement.source.value, exportName };
    }
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== name) continue;
      const value = unwrap(declarator.init);
      if (value?.type === 'ArrayExpression') return { array: value };
      return {
        code: declarator.init ? code.slice(start(declarator.init), end(declarator.init)) : name,
      };
    }
  }
  return null;
}

/** The array a module exports as `exportName` (`export const X = […]`, `export { X }`, `export default`). */
function exportedArray(program: File, code: string, exportName: string): ArrayExpression | null {
  let local: string | null = null;
  for (const statement of program.program.body) {
    if (statement.type === 'ExportDefaultDeclaration' && exportName === 'default') {
      const value = unwrap(statement.declaration);
      if (value?.type === 'ArrayExpression') return value;
      if (value?.type === 'Identifier') local = value.name;
    }
    if (statement.type === 'ExportNamedDeclaration' && !statement.source) {
      for (const specifier of statement.specifiers) {
        if (specifier.type !== 'ExportSpecifier') continue;
        const exported =
          specifier.exported.type === 'Identifier'
            ? specifier.exported.name
            : specifier.exported.value;
        if (exported === exportName) local = specifier.local.name;
      }
    }
  }
  const binding = bindingOf(program, code, local ?? exportName);
  return binding && 'array' in binding ? binding.array : null;
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

/** The string literals of the array's items that show `previousText` (the item, or its field). */
function literalsShowing(
  array: ArrayExpression,
  field: string | null,
  previousText: string,
): Node[] {
  return array.elements.flatMap((item) => {
    const value = unwrap(item);
    const shown =
      field === null
        ? value
        : value?.type === 'ObjectExpression'
          ? unwrap(fieldValue(value, field))
          : null;
    return shown?.type === 'StringLiteral' && shown.value === previousText ? [shown] : [];
  });
}

/** The literal replaced by `text`, in its own quote style. */
function literalEdit(literal: Node, text: string): SourceEdit {
  const raw = (literal as { extra?: { raw?: unknown } }).extra?.raw;
  const quote = typeof raw === 'string' && raw.startsWith('"') ? '"' : "'";
  return replaceRange(start(literal), end(literal), stringLiteral(text, quote));
}

const sameTextTwice = (count: number, list: string, previousText: string) =>
  `${count} items of ${list} show “${previousText}”, so which one to change is not clear. ${ASK_THE_ASSISTANT}`;

/**
 * The edit of a list item's text where the list is written: the element's text is `{item}` or
 * `{item.field}` inside `LIST.map((item) => …)`, LIST a literal array of this file; the item
 * shown is the one whose text the preview showed (`previousText`). Null when the text is not
 * read that way (the caller refuses it as code). A list the app gets while it runs is refused
 * with the reason; a list imported from a module of the project is a TextElsewhereRefusal,
 * which the caller can make in that module (applyListItemEdit).
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
  const binding = bindingOf(source.program, source.code, mapped.list);
  if (!binding || 'code' in binding) {
    const code =
      binding && 'code' in binding ? ` (${binding.code.replace(/\s+/g, ' ').slice(0, 60)})` : '';
    throw new VisualEditRefusal(
      `The text of the ${label} comes from ${mapped.list}, data the app gets while it runs${code}, so it cannot be changed in the source here. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  if ('from' in binding) {
    const message = `The text of the ${label} comes from ${mapped.list}, written in ${binding.from}. Open that file in the code view to change it, or ask the assistant in the chat.`;
    if (binding.exportName !== null && binding.from.startsWith('.'))
      throw new TextElsewhereRefusal(message, element.location, {
        kind: 'list',
        from: binding.from,
        exportName: binding.exportName,
        field: mapped.field,
        previousText,
        text,
      });
    throw new VisualEditRefusal(message, element.location);
  }
  const literals = literalsShowing(binding.array, mapped.field, previousText);
  if (literals.length === 0) return null;
  if (literals.length > 1)
    throw new VisualEditRefusal(
      sameTextTwice(literals.length, mapped.list, previousText),
      element.location,
    );
  return [literalEdit(literals[0] as Node, text)];
}

export function parserPlugins(filePath: string): ParserPlugin[] {
  const typescript = /\.[cm]?tsx?$/i.test(filePath);
  if (/x$/i.test(filePath)) return typescript ? ['jsx', 'typescript'] : ['jsx'];
  return typescript ? ['typescript'] : ['jsx'];
}

/**
 * The change of a list item's text made in the module that exports the list (see
 * ListItemElsewhere): the item showing `previousText` gets `text`, the rest of the file kept.
 */
export function applyListItemEdit(
  code: string,
  filePath: string,
  elsewhere: ListItemElsewhere,
): { readonly ok: true; readonly code: string } | { readonly ok: false; readonly message: string } {
  let program: File;
  try {
    program = parse(code, { sourceType: 'module', plugins: parserPlugins(filePath) });
  } catch {
    return {
      ok: false,
      message: `${filePath} does not parse, so the list in it cannot be changed here. ${ASK_THE_ASSISTANT}`,
    };
  }
  const name = elsewhere.exportName === 'default' ? 'the default export' : elsewhere.exportName;
  const array = exportedArray(program, code, elsewhere.exportName);
  if (!array)
    return {
      ok: false,
      message: `${name} in ${filePath} is not a list written in the file, so its items cannot be changed here. ${ASK_THE_ASSISTANT}`,
    };
  const literals = literalsShowing(array, elsewhere.field, elsewhere.previousText);
  if (literals.length === 0)
    return {
      ok: false,
      message: `No item of ${name} in ${filePath} shows “${elsewhere.previousText}” any more: reload the preview and make the change again.`,
    };
  if (literals.length > 1)
    return { ok: false, message: sameTextTwice(literals.length, name, elsewhere.previousText) };
  return {
    ok: true,
    code: applySourceEdits(code, [literalEdit(literals[0] as Node, elsewhere.text)]),
  };
}
