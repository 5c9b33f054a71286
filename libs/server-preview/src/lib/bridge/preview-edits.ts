import type { PreviewEditPreview } from '@mason/contract/preview';
import { elementsFrom, textNodesOf } from './source-elements';

/** An element as the page built it, before preview edits changed it. */
export interface OriginalElement {
  readonly className: string | null;
  readonly style: string | null;
  /** Its src attribute (an image's source). */
  readonly src: string | null;
  /** Its text nodes and their text; null when it holds other elements. */
  readonly texts: readonly { readonly node: Text; readonly data: string }[] | null;
  /** The text node an edit added to an element that had no children. */
  addedText: Text | null;
}

/**
 * Preview edits: unsaved visual edits shown on the page. Each set replaces the one before: the
 * page is put back as built, then the new edits are applied to every element rendered from
 * their JSX. Text is changed in the text nodes the app rendered, so its renderer keeps owning
 * them.
 */
export interface PreviewEdits {
  apply(edits: readonly PreviewEditPreview[]): void;
  /** Puts every edited element back as the page built it. */
  restore(): void;
  /** The element as built, when an edit changed it; undefined otherwise. */
  originalOf(element: Element): OriginalElement | undefined;
}

function restoreAttribute(element: Element, name: string, value: string | null): void {
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

function inlineStyleOf(element: Element): CSSStyleDeclaration | null {
  return (element as Partial<ElementCSSInlineStyle>).style ?? null;
}

/** 'backgroundColor' → 'background-color'; custom properties ('--accent') are kept. */
export function cssPropertyName(property: string): string {
  if (property.startsWith('--')) return property;
  return property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/^ms-/, '-ms-');
}

function setText(element: Element, original: OriginalElement, text: string): void {
  if (original.texts === null) return;
  const [first, ...others] = original.texts;
  if (first) {
    first.node.data = text;
    for (const { node } of others) node.data = '';
  } else if (original.addedText) {
    original.addedText.data = text;
  } else {
    original.addedText = element.appendChild(document.createTextNode(text));
  }
}

export function createPreviewEdits(): PreviewEdits {
  const edited = new Map<Element, OriginalElement>();

  function remember(element: Element): OriginalElement {
    const known = edited.get(element);
    if (known) return known;
    const original: OriginalElement = {
      className: element.getAttribute('class'),
      style: element.getAttribute('style'),
      src: element.getAttribute('src'),
      texts: textNodesOf(element)?.map((node) => ({ node, data: node.data })) ?? null,
      addedText: null,
    };
    edited.set(element, original);
    return original;
  }

  function applyEdit(element: Element, edit: PreviewEditPreview): void {
    const original = remember(element);
    if (edit.className !== undefined) element.setAttribute('class', edit.className);
    if (edit.textContent !== undefined) setText(element, original, edit.textContent);
    if (edit.src !== undefined) element.setAttribute('src', edit.src);
    const style = inlineStyleOf(element);
    if (style === null) return;
    for (const [property, value] of Object.entries(edit.style ?? {})) {
      if (value === '') style.removeProperty(cssPropertyName(property));
      else style.setProperty(cssPropertyName(property), value);
    }
    if (edit.hidden) style.setProperty('display', 'none', 'important');
  }

  function restore(): void {
    for (const [element, original] of edited) {
      restoreAttribute(element, 'class', original.className);
      restoreAttribute(element, 'style', original.style);
      restoreAttribute(element, 'src', original.src);
      for (const { node, data } of original.texts ?? []) node.data = data;
      original.addedText?.remove();
    }
    edited.clear();
  }

  return {
    apply(edits) {
      restore();
      for (const edit of edits) {
        for (const element of elementsFrom(edit.filePath, edit.line, edit.column))
          applyEdit(element, edit);
      }
    },
    restore,
    originalOf: (element) => edited.get(element),
  };
}
