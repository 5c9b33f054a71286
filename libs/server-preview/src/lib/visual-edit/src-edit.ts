import { attributeInsertionPoint, end, findAttribute, start } from './jsx-tree';
import type { LocatedElement } from './jsx-tree';
import { jsxAttributeValue } from './literals';
import { insertAt, replaceRange } from './source-edits';
import type { SourceEdit } from './source-edits';

/**
 * An image's new source: the src attribute becomes the string, whatever it held (a string, an
 * imported asset, an expression: the person picked this image); an element without one gets it.
 */
export function planSourceAttribute(element: LocatedElement, src: string): SourceEdit {
  const attribute = findAttribute(element, 'src');
  const value = jsxAttributeValue(src, '"');
  if (!attribute) return insertAt(attributeInsertionPoint(element), ` src=${value}`);
  if (attribute.value === null || attribute.value === undefined)
    return replaceRange(start(attribute), end(attribute), `src=${value}`);
  return replaceRange(start(attribute.value), end(attribute.value), value);
}
