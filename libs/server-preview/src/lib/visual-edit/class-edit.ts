import type {
  CallExpression,
  Expression,
  JSXAttribute,
  Node,
  StringLiteral,
  TemplateLiteral,
} from '@babel/types';
import { VISITOR_KEYS } from '@babel/types';
import { classTokens, editClassText, STANDALONE } from './class-tokens';
import type { ClassTextContext } from './class-tokens';
import {
  attributeInsertionPoint,
  describeElement,
  end,
  findAttribute,
  indentationAt,
  start,
  whitespaceStartBefore,
} from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { jsxAttributeValue, stringLiteral, templateText } from './literals';
import type { Quote } from './literals';
import { ASK_THE_ASSISTANT, VisualEditRefusal } from './refusal';
import { insertAt, removeListItems, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/** Calls that join class names, as generated code writes them (shadcn/ui's cn, clsx, …). */
const CLASS_HELPERS = new Set([
  'cn',
  'clsx',
  'classNames',
  'classnames',
  'cx',
  'twMerge',
  'twJoin',
]);

/** A string part of the className that always applies: its classes can be removed or added to. */
interface StaticPart {
  /** The text as the part holds it: a string's value, a template part's raw text. */
  readonly text: string;
  readonly context: ClassTextContext;
  /** A class written into this part. */
  readonly encodeToken: (token: string) => string;
  /** The edit that gives the part new text (in the form `text` has). */
  readonly write: (text: string) => SourceEdit;
  /** The part is the whole className value: emptied, the attribute goes. */
  readonly wholeValue: boolean;
  /** The part is an argument of a class helper call or an item of an array: emptied, it goes. */
  readonly listItem: ListItem | null;
}

interface ListItem {
  /** The arguments of a call or the items of an array. */
  readonly list: readonly Node[];
  readonly index: number;
}

/** Where classes the source does not know yet are added. */
type AppendPoint =
  | { readonly kind: 'part'; readonly part: StaticPart }
  | { readonly kind: 'argument'; readonly call: CallExpression }
  | { readonly kind: 'wrap'; readonly expression: Expression }
  | { readonly kind: 'attribute' };

interface ClassSource {
  readonly attribute: JSXAttribute | null;
  readonly staticParts: StaticPart[];
  /** Every class written anywhere in the value, conditional ones included. */
  readonly knownTokens: Set<string>;
  readonly append: AppendPoint;
}

function isClassHelperCall(node: Node): node is CallExpression {
  return (
    node.type === 'CallExpression' &&
    node.callee.type === 'Identifier' &&
    CLASS_HELPERS.has(node.callee.name)
  );
}

function quoteOf(literal: StringLiteral): Quote {
  const raw = literal.extra?.['raw'];
  return typeof raw === 'string' && raw.startsWith('"') ? '"' : "'";
}

/** Adds every class written anywhere under the node: strings, template parts, object keys. */
function collectKnownTokens(root: Node, known: Set<string>): void {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.type === 'StringLiteral') classTokens(node.value).forEach((token) => known.add(token));
    if (node.type === 'TemplateLiteral') {
      node.quasis.forEach((quasi, index) =>
        classTokens(quasi.value.raw, quasiContext(node, index)).forEach((token) =>
          known.add(token),
        ),
      );
    }
    if (node.type === 'ObjectProperty' && !node.computed && node.key.type === 'Identifier') {
      known.add(node.key.name);
    }
    const record = node as unknown as Record<string, unknown>;
    for (const key of VISITOR_KEYS[node.type] ?? []) {
      const value = record[key];
      if (Array.isArray(value)) {
        for (const item of value) if (item && typeof item === 'object') stack.push(item as Node);
      } else if (value && typeof value === 'object') {
        stack.push(value as Node);
      }
    }
  }
}

function quasiContext(template: TemplateLiteral, index: number): ClassTextContext {
  return { afterExpression: index > 0, beforeExpression: index < template.quasis.length - 1 };
}

function stringPart(
  literal: StringLiteral,
  options: { wholeValue: boolean; listItem: ListItem | null },
): StaticPart {
  const quote = quoteOf(literal);
  return {
    text: literal.value,
    context: STANDALONE,
    encodeToken: (token) => token,
    write: (text) => replaceRange(start(literal), end(literal), stringLiteral(text, quote)),
    ...options,
  };
}

function templateParts(template: TemplateLiteral, wholeValue: boolean): StaticPart[] {
  return template.quasis.map((quasi, index) => ({
    text: quasi.value.raw,
    context: quasiContext(template, index),
    encodeToken: templateText,
    write: (text: string) => replaceRange(start(quasi), end(quasi), text),
    wholeValue: wholeValue && template.expressions.length === 0,
    listItem: null,
  }));
}

/**
 * Reads a value in a place where strings always apply (an argument of cn/clsx, an element of
 * an array argument): strings and template parts are static; anything else is conditional.
 */
function readStaticPosition(node: Node, listItem: ListItem | null, parts: StaticPart[]): void {
  if (node.type === 'StringLiteral') {
    parts.push(stringPart(node, { wholeValue: false, listItem }));
  } else if (node.type === 'TemplateLiteral') {
    parts.push(...templateParts(node, false));
  } else if (node.type === 'ArrayExpression') {
    const { elements } = node;
    // An array with holes (`[, 'a']`) keeps its emptied strings: removing one would move the rest.
    const list = elements.every((item) => item !== null) ? (elements as Node[]) : null;
    elements.forEach((item, index) => {
      if (item) readStaticPosition(item, list && { list, index }, parts);
    });
  } else if (isClassHelperCall(node)) {
    node.arguments.forEach((argument, index) =>
      readStaticPosition(argument, { list: node.arguments, index }, parts),
    );
  }
}

function readClassSource(source: JsxSource, element: LocatedElement): ClassSource {
  const attribute = findAttribute(element, 'className');
  const parts: StaticPart[] = [];
  const known = new Set<string>();
  if (!attribute)
    return { attribute, staticParts: parts, knownTokens: known, append: { kind: 'attribute' } };

  const value = attribute.value;
  if (value === null || value === undefined) {
    // `<div className>`: the class is written anew over the whole attribute.
    const part: StaticPart = {
      text: '',
      context: STANDALONE,
      encodeToken: (token) => token,
      write: (text) =>
        replaceRange(start(attribute), end(attribute), `className=${jsxAttributeValue(text, '"')}`),
      wholeValue: true,
      listItem: null,
    };
    return { attribute, staticParts: [part], knownTokens: known, append: { kind: 'part', part } };
  }
  if (value.type === 'StringLiteral') {
    const quote = quoteOf(value);
    const part: StaticPart = {
      text: value.value,
      context: STANDALONE,
      encodeToken: (token) => token,
      write: (text) => replaceRange(start(value), end(value), jsxAttributeValue(text, quote)),
      wholeValue: true,
      listItem: null,
    };
    classTokens(value.value).forEach((token) => known.add(token));
    return { attribute, staticParts: [part], knownTokens: known, append: { kind: 'part', part } };
  }
  if (value.type !== 'JSXExpressionContainer' || value.expression.type === 'JSXEmptyExpression') {
    throw new VisualEditRefusal(
      `The class of the ${describeElement(element, source.filePath)} is written in a way this editor cannot change. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  const expression = value.expression;
  collectKnownTokens(expression, known);
  if (expression.type === 'StringLiteral') {
    const part = stringPart(expression, { wholeValue: true, listItem: null });
    return { attribute, staticParts: [part], knownTokens: known, append: { kind: 'part', part } };
  }
  if (expression.type === 'TemplateLiteral') {
    parts.push(...templateParts(expression, true));
    const last = parts[parts.length - 1] as StaticPart;
    return {
      attribute,
      staticParts: parts,
      knownTokens: known,
      append: { kind: 'part', part: last },
    };
  }
  if (isClassHelperCall(expression)) {
    readStaticPosition(expression, null, parts);
    const lastPart = parts[parts.length - 1];
    const append: AppendPoint =
      lastPart?.listItem?.list === expression.arguments &&
      lastPart.listItem.index === expression.arguments.length - 1
        ? { kind: 'part', part: lastPart }
        : { kind: 'argument', call: expression };
    return { attribute, staticParts: parts, knownTokens: known, append };
  }
  return {
    attribute,
    staticParts: parts,
    knownTokens: known,
    append: { kind: 'wrap', expression },
  };
}

function unique(tokens: readonly string[]): string[] {
  return [...new Set(tokens)];
}

function quoted(tokens: readonly string[]): string {
  const names = tokens.map((token) => `"${token}"`);
  if (names.length === 1) return `class ${names[0]}`;
  return `classes ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The edit that adds a string argument after the last one, on its own line when they are. */
function appendArgument(source: JsxSource, call: CallExpression, literal: string): SourceEdit {
  const last = call.arguments[call.arguments.length - 1];
  if (!last) return insertAt(end(call) - 1, literal);
  const lastLine = source.code.slice(start(call.callee), start(last)).includes('\n');
  const separator = lastLine ? `,\n${indentationAt(source.code, start(last))}` : ', ';
  return insertAt(end(last), `${separator}${literal}`);
}

/**
 * The edits that make the element render `className` (the full class list the person wants).
 *
 * Generated code rarely holds a plain string: classes come from template literals with
 * `${}` expressions and from cn/clsx/classNames/twMerge calls with conditions, objects and
 * arrays. The rule:
 * - static classes are those of string parts that always apply (the parts of a template
 *   literal, plain string arguments of the helper, strings in array arguments);
 * - known classes are every class written anywhere in the value, conditional ones included;
 * - a class of the new list that is not known is added as a static class: to the last part of
 *   a template literal, to a last string argument of the helper or as a new one, to a plain
 *   string, or, when the value is other code (`props.className`, `styles.card`), combined
 *   with it as `[value, 'added'].filter(Boolean).join(' ')`;
 * - a static class missing from the new list is removed from its part (with one separator);
 * - conditional classes are left alone: they may just be off now.
 * With `previousClassName` (the list as rendered before), a class the person removed that the
 * source does not hold anywhere (it comes from props or a CSS module) is refused, and a
 * conditional class the person added is added as a static one.
 */
export function planClassChange(
  source: JsxSource,
  element: LocatedElement,
  className: string,
  previousClassName: string | undefined,
): SourceEdit[] {
  const classSource = readClassSource(source, element);
  const wanted = unique(classTokens(className));
  const wantedSet = new Set(wanted);
  const staticTokens = new Set(
    classSource.staticParts.flatMap((part) => classTokens(part.text, part.context)),
  );
  const remove = new Set([...staticTokens].filter((token) => !wantedSet.has(token)));
  let add: string[];
  if (previousClassName === undefined) {
    add = wanted.filter((token) => !classSource.knownTokens.has(token));
  } else {
    const previous = unique(classTokens(previousClassName));
    const previousSet = new Set(previous);
    const fromCode = previous.filter(
      (token) => !wantedSet.has(token) && !classSource.knownTokens.has(token),
    );
    if (fromCode.length > 0) {
      throw new VisualEditRefusal(
        `The ${describeElement(element, source.filePath)} gets the ${quoted(fromCode)} from code, not from its source text, so ${fromCode.length === 1 ? 'it' : 'they'} cannot be removed here. ${ASK_THE_ASSISTANT}`,
        element.location,
      );
    }
    add = wanted.filter((token) => !previousSet.has(token) && !staticTokens.has(token));
  }
  if (remove.size === 0 && add.length === 0) return [];
  return writeClassChange(source, element, classSource, remove, add);
}

function writeClassChange(
  source: JsxSource,
  element: LocatedElement,
  classSource: ClassSource,
  remove: ReadonlySet<string>,
  add: readonly string[],
): SourceEdit[] {
  const { attribute, append } = classSource;
  const edits: SourceEdit[] = [];
  const emptiedItems = new Map<readonly Node[], Set<number>>();
  for (const part of classSource.staticParts) {
    const added = append.kind === 'part' && append.part === part ? add.map(part.encodeToken) : [];
    const text = editClassText(part.text, part.context, remove, added);
    if (text === part.text) continue;
    const emptied = text.trim() === '';
    if (emptied && part.wholeValue && attribute) {
      return [
        replaceRange(whitespaceStartBefore(source.code, start(attribute)), end(attribute), ''),
      ];
    }
    if (emptied && part.listItem) {
      const { list, index } = part.listItem;
      emptiedItems.set(list, new Set([...(emptiedItems.get(list) ?? []), index]));
      continue;
    }
    edits.push(part.write(text));
  }
  for (const [list, indices] of emptiedItems) {
    // Every item emptied: `cn()` and `[]` render no class.
    edits.push(
      ...(removeListItems(list, indices) ?? [
        replaceRange(start(list[0] as Node), end(list[list.length - 1] as Node), ''),
      ]),
    );
  }
  if (add.length === 0) return edits;
  const literal = stringLiteral(add.join(' '), source.quote);
  if (append.kind === 'argument') edits.push(appendArgument(source, append.call, literal));
  if (append.kind === 'wrap') {
    const { expression } = append;
    // A sequence `(a, b)` would become two array items without parentheses of its own.
    const [open, close] = expression.type === 'SequenceExpression' ? ['[(', ')'] : ['[', ''];
    edits.push(insertAt(start(expression), open));
    edits.push(insertAt(end(expression), `${close}, ${literal}].filter(Boolean).join(' ')`));
  }
  if (append.kind === 'attribute') {
    // Right after the tag name, also when the element spreads props (`{...props}`): written
    // after the spread it would replace, for every caller, a className the props may carry;
    // before it, such a className still applies, as it did when the person picked the element.
    edits.push(
      insertAt(
        attributeInsertionPoint(element),
        ` className=${jsxAttributeValue(add.join(' '), '"')}`,
      ),
    );
  }
  return edits;
}
