import type { Expression, Node, ObjectExpression, ObjectProperty } from '@babel/types';
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
import { stringLiteral } from './literals';
import { ASK_THE_ASSISTANT, VisualEditRefusal } from './refusal';
import { insertAt, removeListItems, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

function camelCase(text: string): string {
  return text.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * The key React reads for a CSS property: `margin-top` → `marginTop`, `-webkit-transition` →
 * `WebkitTransition`, `-ms-transition` → `msTransition`; custom properties (`--x`) as they are.
 */
export function styleKey(property: string): string {
  if (property.startsWith('--')) return property;
  if (!property.startsWith('-')) return camelCase(property);
  const unprefixed = camelCase(property.slice(1));
  return property.startsWith('-ms-')
    ? unprefixed
    : unprefixed.charAt(0).toUpperCase() + unprefixed.slice(1);
}

function keyText(key: string, source: JsxSource): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key, source.quote);
}

function keyOf(property: ObjectExpression['properties'][number]): string | null {
  if (property.type !== 'ObjectProperty' || property.computed) return null;
  if (property.key.type === 'Identifier') return styleKey(property.key.name);
  if (property.key.type === 'StringLiteral') return styleKey(property.key.value);
  return null;
}

interface StyleEntry {
  readonly key: string;
  /** '' removes the property. */
  readonly value: string;
}

/** The change as keys React reads; of two names for one property the last one wins. */
function styleEntries(style: Readonly<Record<string, string>>): StyleEntry[] {
  const byKey = new Map<string, string>();
  for (const [property, value] of Object.entries(style)) {
    const key = styleKey(property);
    byKey.delete(key);
    byKey.set(key, value);
  }
  return [...byKey].map(([key, value]) => ({ key, value }));
}

function propertyText(entry: StyleEntry, source: JsxSource): string {
  // An empty value over a spread: `undefined` is how a style object leaves a property out.
  const value = entry.value === '' ? 'undefined' : stringLiteral(entry.value, source.quote);
  return `${keyText(entry.key, source)}: ${value}`;
}

/** The edits that change a `style={{ … }}` object in place. */
function objectEdits(
  source: JsxSource,
  attribute: Node,
  object: ObjectExpression,
  entries: readonly StyleEntry[],
): SourceEdit[] {
  const { properties } = object;
  const hasSpread = properties.some((property) => property.type === 'SpreadElement');
  const removed = new Set<number>();
  const rewrites: SourceEdit[] = [];
  const added: string[] = [];
  for (const entry of entries) {
    const matches = properties
      .map((property, index) => (keyOf(property) === entry.key ? index : -1))
      .filter((index) => index >= 0);
    const lastMatch = matches[matches.length - 1];
    if (entry.value === '') {
      matches.forEach((index) => removed.add(index));
      // The property may come from the spread, which no edit of ours can reach otherwise.
      if (hasSpread) added.push(propertyText(entry, source));
    } else if (lastMatch === undefined) {
      added.push(propertyText(entry, source));
    } else {
      // Earlier duplicates are overridden by the last one anyway.
      const property = properties[lastMatch] as ObjectProperty;
      const literal = stringLiteral(entry.value, source.quote);
      rewrites.push(
        property.shorthand
          ? replaceRange(
              start(property),
              end(property),
              `${keyText(entry.key, source)}: ${literal}`,
            )
          : replaceRange(start(property.value), end(property.value), literal),
      );
    }
  }
  if (removed.size === 0 && rewrites.length === 0 && added.length === 0) return [];

  const removals = removed.size > 0 ? removeListItems(properties, removed) : [];
  if (removals === null) {
    // Every property goes: the attribute too, unless properties are added.
    if (added.length === 0) {
      return [
        replaceRange(whitespaceStartBefore(source.code, start(attribute)), end(attribute), ''),
      ];
    }
    return [replaceRange(start(object), end(object), `{ ${added.join(', ')} }`)];
  }
  const edits = [...removals, ...rewrites];
  if (added.length === 0) return edits;
  const kept = properties.filter((_, index) => !removed.has(index));
  const lastKept = kept[kept.length - 1];
  if (!lastKept)
    return [...edits, replaceRange(start(object), end(object), `{ ${added.join(', ')} }`)];
  const multiline = source.code.slice(start(object), start(properties[0] as Node)).includes('\n');
  const separator = multiline ? `,\n${indentationAt(source.code, start(lastKept))}` : ', ';
  return [...edits, insertAt(end(lastKept), added.map((text) => `${separator}${text}`).join(''))];
}

/**
 * The edits that give the element the style change: properties set (as string literals,
 * keys camelCase as React reads them), replaced or removed ('' as value) in a `style={{ … }}`
 * object; a new `style={{ … }}` when there is none; a style from an expression spread into a
 * new object (`style={{ ...styles, color: 'red' }}`).
 */
export function planStyleChange(
  source: JsxSource,
  element: LocatedElement,
  style: Readonly<Record<string, string>>,
): SourceEdit[] {
  const entries = styleEntries(style);
  const attribute = findAttribute(element, 'style');
  if (!attribute) {
    const set = entries.filter((entry) => entry.value !== '');
    if (set.length === 0) return [];
    const properties = set.map((entry) => propertyText(entry, source)).join(', ');
    return [insertAt(attributeInsertionPoint(element), ` style={{ ${properties} }}`)];
  }
  const value = attribute.value;
  if (value?.type !== 'JSXExpressionContainer' || value.expression.type === 'JSXEmptyExpression') {
    throw new VisualEditRefusal(
      `The style of the ${describeElement(element, source.filePath)} is not written as an object, so it cannot be changed here. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  const expression: Expression = value.expression;
  if (expression.type === 'ObjectExpression')
    return objectEdits(source, attribute, expression, entries);
  if (entries.length === 0) return [];
  // A sequence `(a, b)` needs its own parentheses to be spread.
  const [open, close] = expression.type === 'SequenceExpression' ? ['{ ...(', ')'] : ['{ ...', ''];
  const properties = entries.map((entry) => propertyText(entry, source)).join(', ');
  return [
    insertAt(start(expression), open),
    insertAt(end(expression), `${close}, ${properties} }`),
  ];
}
