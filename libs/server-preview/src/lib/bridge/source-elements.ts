import {
  PREVIEW_SELECTION_LIMITS,
  PREVIEW_SOURCE_ATTRIBUTES as SOURCE,
} from '@mason/contract/preview';
import { cut, isPosition } from './values';

/** Where an element's JSX is in the project: the source attributes of the preview build. */
export interface ElementSource {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export function sourceOf(element: Element): ElementSource | null {
  const file = element.getAttribute(SOURCE.file);
  const line = Number(element.getAttribute(SOURCE.line));
  const column = Number(element.getAttribute(SOURCE.column));
  return file !== null && isPosition(line) && isPosition(column) ? { file, line, column } : null;
}

/** The name of the component that rendered the element, or null when it has none. */
export function componentOf(element: Element): string | null {
  return element.getAttribute(SOURCE.component);
}

/** Every element rendered from the JSX at file:line:column (many when a .map renders it). */
export function elementsFrom(file: string, line: number, column: number): Element[] {
  const candidates = document.querySelectorAll(
    `[${SOURCE.line}="${line}"][${SOURCE.column}="${column}"]`,
  );
  return Array.from(candidates).filter((element) => element.getAttribute(SOURCE.file) === file);
}

/** The nearest element with a source at or above an event's target, or null. */
export function taggedElementAt(target: EventTarget | null): Element | null {
  return target instanceof Element ? target.closest(`[${SOURCE.file}]`) : null;
}

/** The element's text nodes when it holds nothing else (none at all counts), else null. */
export function textNodesOf(element: Element): Text[] | null {
  const nodes = Array.from(element.childNodes);
  return nodes.every((node) => node.nodeType === Node.TEXT_NODE) ? (nodes as Text[]) : null;
}

/** A style attribute as property (kebab-case) to value, cut to the contract's lengths. */
export function styleFromAttribute(attribute: string | null): Record<string, string> {
  const probe = document.createElement('div');
  if (attribute !== null) probe.setAttribute('style', attribute);
  const style: Record<string, string> = {};
  for (let index = 0; index < probe.style.length; index += 1) {
    const property = probe.style.item(index);
    style[cut(property, PREVIEW_SELECTION_LIMITS.styleProperty)] = cut(
      probe.style.getPropertyValue(property),
      PREVIEW_SELECTION_LIMITS.styleValue,
    );
  }
  return style;
}
