import { parse } from '@babel/parser';
import type { File, Node } from '@babel/types';
import { childNodes, end, start } from './jsx-tree';
import type { JsxSource } from './jsx-tree';
import { parserPlugins, pathTo } from './list-item-text';
import { jsxAttributeValue, stringLiteral, templateText } from './literals';
import type { Quote } from './literals';
import { ASK_THE_ASSISTANT, type PropTextElsewhere } from './refusal';
import { applySourceEdits, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

type FunctionNode = Extract<
  Node,
  { type: 'FunctionDeclaration' | 'FunctionExpression' | 'ArrowFunctionExpression' }
>;

function isFunction(node: Node): node is FunctionNode {
  return (
    node.type === 'FunctionDeclaration' ||
    node.type === 'FunctionExpression' ||
    node.type === 'ArrowFunctionExpression'
  );
}

/** The prop `name` binds in the function's first parameter (`{ title }`, `{ title: t = 'x' }`). */
function propBoundTo(fn: FunctionNode, name: string): string | null {
  const param = fn.params[0];
  const pattern = param?.type === 'AssignmentPattern' ? param.left : param;
  if (pattern?.type !== 'ObjectPattern') return null;
  for (const property of pattern.properties) {
    if (property.type !== 'ObjectProperty' || property.key.type !== 'Identifier') continue;
    const value =
      property.value.type === 'AssignmentPattern' ? property.value.left : property.value;
    if (value.type === 'Identifier' && value.name === name) return property.key.name;
  }
  return null;
}

/** The props object's name when the first parameter is one (`props` in `(props) => …`). */
function propsName(fn: FunctionNode): string | null {
  const param = fn.params[0];
  return param?.type === 'Identifier' ? param.name : null;
}

/** A component's name: `function Card`, `const Card = (…) =>`, `export default function Card`. */
function componentNameOf(fn: FunctionNode, parent: Node | undefined): string | null {
  const name =
    fn.type !== 'ArrowFunctionExpression' && fn.id
      ? fn.id.name
      : parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier'
        ? parent.id.name
        : null;
  return name !== null && /^[A-Z]/.test(name) ? name : null;
}

/**
 * The component prop an element's text shows: the text is `{title}` (the prop destructured
 * from the component's props) or `{props.title}`, in a component (a function named with a
 * capital). Null for any other code; a function in between that binds the same name (a .map
 * callback's parameter) decides first.
 */
export function propTextRead(
  source: JsxSource,
  expression: Node,
): { componentName: string; propName: string } | null {
  const read =
    expression.type === 'Identifier'
      ? { name: expression.name, field: null }
      : expression.type === 'MemberExpression' &&
          !expression.computed &&
          expression.object.type === 'Identifier' &&
          expression.property.type === 'Identifier'
        ? { name: expression.object.name, field: expression.property.name }
        : null;
  if (!read) return null;
  const path = pathTo(source.program, expression);
  if (!path) return null;
  for (let index = path.length - 1; index >= 0; index -= 1) {
    const fn = path[index] as Node;
    if (!isFunction(fn)) continue;
    const propName =
      read.field === null
        ? propBoundTo(fn, read.name)
        : propsName(fn) === read.name
          ? read.field
          : null;
    const bindsName =
      propName !== null ||
      fn.params.some((param) => param.type === 'Identifier' && param.name === read.name);
    if (!bindsName) continue;
    const componentName = componentNameOf(fn, path[index - 1]);
    return propName !== null && componentName !== null ? { componentName, propName } : null;
  }
  return null;
}

function quoteOf(raw: unknown): Quote {
  return typeof raw === 'string' && raw.startsWith("'") ? "'" : '"';
}

/** The edits giving `prop="previousText"` of every `<Component>` in the file the new text. */
function propEdits(program: File, elsewhere: PropTextElsewhere): SourceEdit[] {
  const edits: SourceEdit[] = [];
  const stack: Node[] = [program];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (
      node.type === 'JSXOpeningElement' &&
      node.name.type === 'JSXIdentifier' &&
      node.name.name === elsewhere.componentName
    ) {
      for (const attribute of node.attributes) {
        if (attribute.type !== 'JSXAttribute' || attribute.name.name !== elsewhere.propName)
          continue;
        const value = attribute.value;
        if (value?.type === 'StringLiteral' && value.value === elsewhere.previousText) {
          const quote = quoteOf(value.extra?.['raw']);
          edits.push(
            replaceRange(start(value), end(value), jsxAttributeValue(elsewhere.text, quote)),
          );
        } else if (value?.type === 'JSXExpressionContainer') {
          const { expression } = value;
          if (expression.type === 'StringLiteral' && expression.value === elsewhere.previousText) {
            const quote = quoteOf(expression.extra?.['raw']);
            edits.push(
              replaceRange(
                start(expression),
                end(expression),
                stringLiteral(elsewhere.text, quote),
              ),
            );
          } else if (
            expression.type === 'TemplateLiteral' &&
            expression.expressions.length === 0 &&
            expression.quasis[0]?.value.cooked === elsewhere.previousText
          ) {
            const quasi = expression.quasis[0];
            edits.push(replaceRange(start(quasi), end(quasi), templateText(elsewhere.text)));
          }
        }
      }
    }
    stack.push(...childNodes(node));
  }
  return edits;
}

/**
 * The text of a prop changed where its component is used (see PropTextElsewhere): in this
 * file, every `<Component prop="previousText">` (a string, `{'…'}` or a plain template) gets
 * `text`. Answers how many uses it changed (0: none here) and the new code; a file that does
 * not parse changes nothing.
 */
export function applyPropTextEdit(
  code: string,
  filePath: string,
  elsewhere: PropTextElsewhere,
): { readonly uses: number; readonly code: string } {
  let program: File;
  try {
    program = parse(code, { sourceType: 'module', plugins: parserPlugins(filePath) });
  } catch {
    return { uses: 0, code };
  }
  const edits = propEdits(program, elsewhere);
  return { uses: edits.length, code: edits.length ? applySourceEdits(code, edits) : code };
}

/** Why a prop's text was not changed: no use, or more than one, shows it. */
export function propTextRefusal(elsewhere: PropTextElsewhere, uses: number): string {
  const use = `<${elsewhere.componentName} ${elsewhere.propName}="${elsewhere.previousText}">`;
  return uses === 0
    ? `The text comes from the ${elsewhere.propName} of ${elsewhere.componentName}, and no ${use} is written in the app's files, so it cannot be changed here. ${ASK_THE_ASSISTANT}`
    : `The text comes from the ${elsewhere.propName} of ${elsewhere.componentName}, and ${uses} places write ${use}, so which one to change is not clear. ${ASK_THE_ASSISTANT}`;
}
