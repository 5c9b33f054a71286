import { createOverlay, HOVER_COLOUR, placeOverlay, SELECTED_COLOUR } from './overlay';
import type { PostToParent } from './parent-window';
import type { PreviewEdits } from './preview-edits';
import { selectionOf } from './selection';
import { taggedElementAt } from './source-elements';

/**
 * Layout mode: the element under the pointer is outlined (with its component and tag), a click
 * picks it (a second, distinct outline stays on it) and tells Mason's window what it is. The
 * app hears neither the pointer presses nor the click.
 */
export interface LayoutMode {
  /** Turns it on; on already, nothing changes. */
  start(): void;
  /** Turns it off: its outlines and listeners go. */
  stop(): void;
}

export function createLayoutMode(post: PostToParent, edits: PreviewEdits): LayoutMode {
  let stopCurrent: (() => void) | null = null;

  function start(): void {
    if (stopCurrent !== null) return;
    const hover = createOverlay(HOVER_COLOUR, true);
    const picked = createOverlay(SELECTED_COLOUR, false);
    let hoveredElement: Element | null = null;
    let pickedElement: Element | null = null;
    const listeners: [EventTarget, string, EventListener][] = [];
    function listen(target: EventTarget, type: string, listener: EventListener): void {
      target.addEventListener(type, listener, true);
      listeners.push([target, type, listener]);
    }
    function reposition(): void {
      placeOverlay(hover, hoveredElement);
      placeOverlay(picked, pickedElement);
    }
    // The outline follows the picked element's size (an edit of its text or class changes it)
    // and the page's (a change above it moves it).
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(reposition) : null;
    function follow(element: Element): void {
      resizes?.disconnect();
      resizes?.observe(element);
      if (document.body) resizes?.observe(document.body);
    }
    /** The app must not react to a pick (a Radix menu opens on pointerdown, a link on click). */
    function swallow(event: Event): void {
      event.preventDefault();
      event.stopImmediatePropagation();
    }

    listen(document, 'mouseover', (event) => {
      hoveredElement = taggedElementAt(event.target);
      placeOverlay(hover, hoveredElement);
    });
    listen(document, 'mouseout', (event) => {
      if ((event as MouseEvent).relatedTarget !== null) return;
      hoveredElement = null;
      placeOverlay(hover, null);
    });
    listen(window, 'scroll', reposition);
    listen(window, 'resize', reposition);
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick']) {
      listen(window, type, swallow);
    }
    listen(window, 'click', (event) => {
      swallow(event);
      const element = taggedElementAt(event.target);
      const selection = element === null ? null : selectionOf(element, edits);
      if (element === null || selection === null) return;
      pickedElement = element;
      placeOverlay(picked, pickedElement);
      follow(element);
      post({ type: 'selected', selection });
    });

    stopCurrent = () => {
      for (const [target, type, listener] of listeners)
        target.removeEventListener(type, listener, true);
      resizes?.disconnect();
      hover.box.remove();
      picked.box.remove();
      stopCurrent = null;
    };
  }

  return { start, stop: () => stopCurrent?.() };
}
