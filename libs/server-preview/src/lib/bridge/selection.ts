import {
  PREVIEW_SELECTION_LIMITS as LIMITS,
  PREVIEW_TEXT_FROM_CODE_ATTRIBUTE,
  type PreviewSelection,
} from '@mason/contract/preview';
import type { PreviewEdits } from './preview-edits';
import {
  componentOf,
  elementsFrom,
  sourceOf,
  styleFromAttribute,
  textNodesOf,
} from './source-elements';
import { cut } from './values';

/**
 * A picked element as Mason's window is told it: where its JSX is, and the element as the page
 * built it (preview edits undone). Null when the element has no source.
 */
export function selectionOf(element: Element, edits: PreviewEdits): PreviewSelection | null {
  const source = sourceOf(element);
  if (source === null) return null;
  const original = edits.originalOf(element);
  const texts = original
    ? original.texts
    : (textNodesOf(element)?.map((node) => ({ data: node.data })) ?? null);
  const text = texts === null ? null : texts.map(({ data }) => data).join('');
  const className = original ? original.className : element.getAttribute('class');
  const src = original ? original.src : element.getAttribute('src');
  // The preview build marks text that comes from code: the panel says so before Save.
  const textFromCode = element.getAttribute(PREVIEW_TEXT_FROM_CODE_ATTRIBUTE);
  return {
    componentName: cut(componentOf(element) ?? '', LIMITS.componentName),
    filePath: source.file,
    line: source.line,
    column: source.column,
    filePart: `${source.file}:${source.line}:${source.column}`,
    page: cut(location.pathname, LIMITS.page),
    tagName: element.tagName.toLowerCase(),
    className: cut(className ?? '', LIMITS.className),
    textContent: text === null || text.length > LIMITS.textContent ? null : text,
    ...(textFromCode !== null && { textFromCode: cut(textFromCode, LIMITS.textFromCode) }),
    style: styleFromAttribute(original ? original.style : element.getAttribute('style')),
    instances: elementsFrom(source.file, source.line, source.column).length,
    // An image's source, as written: what the edit panel offers to change.
    ...(element.tagName === 'IMG' && { src: cut(src ?? '', LIMITS.src) }),
  };
}
