import type { JSXElement, Node } from '@babel/types';
import { attributeInsertionPoint, describeElement, end, sourceOf, start } from './jsx-tree';
import type { JsxSource, LocatedElement } from './jsx-tree';
import { planListItemText } from './list-item-text';
import { jsxTextValue, stringLiteral, templateText } from './literals';
import { propTextRead, propTextRefusal } from './prop-text';
import { ASK_THE_ASSISTANT, TextElsewhereRefusal, VisualEditRefusal } from './refusal';
import type { AstNode } from '../ast-node';
import { isWrittenJsxText, rendersText } from '../text-from-code';
import { insertAt, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/** HTML elements that cannot have children: React throws when they do. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

type Child = JSXElement['children'][number];

// The same line as the preview build's mark of text from code (text-from-code.ts).
const rendersSomething = (child: Child) => rendersText(child as unknown as AstNode);
const isWrittenText = (child: Child) => isWrittenJsxText(child as unknown as AstNode);

function excerpt(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
}

/** Where the words of a child start and end: JSX text without the whitespace around it. */
function wordsRange(source: JsxSource, child: Child): [number, number] {
  if (child.type !== 'JSXText') return [start(child), end(child)];
  const raw = sourceOf(source, child);
  if (raw.trim() === '') return [start(child), end(child)];
  const lead = /^\s*/.exec(raw)?.[0].length ?? 0;
  const trail = /\s*$/.exec(raw)?.[0].length ?? 0;
  return [start(child) + lead, end(child) - trail];
}

/** The replacement of one literal child, in its own quote style. */
function literalEdit(child: Child, text: string): SourceEdit | null {
  if (child.type !== 'JSXExpressionContainer') return null;
  const { expression } = child;
  if (expression.type === 'StringLiteral') {
    const raw = expression.extra?.['raw'];
    const quote = typeof raw === 'string' && raw.startsWith('"') ? '"' : "'";
    return replaceRange(start(expression), end(expression), stringLiteral(text, quote));
  }
  if (expression.type === 'TemplateLiteral') {
    const quasi = expression.quasis[0] as Node;
    return replaceRange(start(quasi), end(quasi), templateText(text));
  }
  return null;
}

/**
 * The edits that make the element show `text`. Only text written in the source can be
 * replaced: JSX text (its surrounding whitespace and indentation kept) or a string literal
 * child (its quote kept). Text with characters JSX reads differently is written `{"…"}`.
 * An element that holds other elements, or text that comes from code, is refused.
 */
export function planTextChange(
  source: JsxSource,
  element: LocatedElement,
  text: string,
  previousText?: string,
): SourceEdit[] {
  const label = describeElement(element, source.filePath);
  if (VOID_ELEMENTS.has(element.tagName)) {
    throw new VisualEditRefusal(
      `The ${label} cannot hold text. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }
  const { node } = element;
  const opening = node.openingElement;
  if (opening.selfClosing || !node.closingElement) {
    if (text === '') return [];
    // `<p />` becomes `<p>text</p>`: from the end of the last attribute, `/>` and all.
    const lastAttribute = opening.attributes[opening.attributes.length - 1];
    const from = lastAttribute ? end(lastAttribute) : attributeInsertionPoint(element);
    return [replaceRange(from, end(opening), `>${jsxTextValue(text)}</${element.tagName}>`)];
  }

  const shown = node.children.filter(rendersSomething);
  if (shown.some((child) => child.type === 'JSXElement' || child.type === 'JSXFragment')) {
    throw new VisualEditRefusal(
      `The ${label} holds other elements, so its text cannot be replaced as a whole. Select the element that holds just the text, or ask the assistant in the chat.`,
      element.location,
    );
  }
  const fromCode = shown.find((child) => !isWrittenText(child));
  // An item of a list written in the source: its text is changed where the list is written.
  if (
    fromCode &&
    shown.length === 1 &&
    fromCode.type === 'JSXExpressionContainer' &&
    previousText !== undefined
  ) {
    const listEdit = planListItemText(source, element, fromCode.expression, previousText, text);
    if (listEdit) return listEdit;
    // A prop of the component: its text is written where the component is used.
    const prop = propTextRead(source, fromCode.expression);
    if (prop) {
      const elsewhere = { kind: 'prop' as const, ...prop, previousText, text };
      throw new TextElsewhereRefusal(propTextRefusal(elsewhere, 0), element.location, elsewhere);
    }
  }
  if (fromCode) {
    throw new VisualEditRefusal(
      `The text of the ${label} comes from code (${excerpt(sourceOf(source, fromCode))}), so it cannot be changed here. ${ASK_THE_ASSISTANT}`,
      element.location,
    );
  }

  const onlyText = node.children.every((child) => child.type === 'JSXText');
  const inside: [number, number] = [end(opening), start(node.closingElement)];
  const first = shown[0];
  const last = shown[shown.length - 1];
  if (!first || !last) {
    if (text === '') return [];
    return onlyText && node.children.length > 0
      ? [replaceRange(...inside, jsxTextValue(text))]
      : [insertAt(inside[1], jsxTextValue(text))];
  }
  if (text === '' && onlyText) return [replaceRange(...inside, '')];
  if (first === last) {
    const literal = literalEdit(first, text);
    if (literal) return [literal];
  }
  return [
    replaceRange(wordsRange(source, first)[0], wordsRange(source, last)[1], jsxTextValue(text)),
  ];
}
