import { componentOf } from './source-elements';

/** Marks the bridge's own elements (outlines), so the page and tests can tell them apart. */
export const OVERLAY_ATTRIBUTE = 'data-mason-overlay';
export const HOVER_COLOUR = '#2563eb';
export const SELECTED_COLOUR = '#db2777';
const LABEL_HEIGHT = 18;

/** An outline drawn over an element of the app. */
export interface Overlay {
  readonly box: HTMLDivElement;
  /** The component name and tag, on the hover outline only. */
  readonly label: HTMLDivElement | null;
}

/** An outline kept out of the app's DOM queries: a child of <html>, not of <body>. Hidden at first. */
export function createOverlay(colour: string, labelled: boolean): Overlay {
  const box = document.createElement('div');
  box.setAttribute(OVERLAY_ATTRIBUTE, '');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText =
    'position:fixed;display:none;box-sizing:border-box;margin:0;padding:0;border:0;' +
    `background:transparent;pointer-events:none;z-index:2147483647;outline:2px solid ${colour};outline-offset:-2px;`;
  let label: HTMLDivElement | null = null;
  if (labelled) {
    label = document.createElement('div');
    label.style.cssText =
      `position:absolute;left:0;padding:0 6px;font:600 11px/${LABEL_HEIGHT}px system-ui,sans-serif;` +
      `color:#fff;background:${colour};border-radius:2px;white-space:nowrap;`;
    box.appendChild(label);
  }
  document.documentElement.appendChild(box);
  return { box, label };
}

/** Moves the outline over `element`; hides it when there is none (or it left the page). */
export function placeOverlay(overlay: Overlay, element: Element | null): void {
  if (element === null || !element.isConnected) {
    overlay.box.style.display = 'none';
    return;
  }
  const rect = element.getBoundingClientRect();
  Object.assign(overlay.box.style, {
    display: 'block',
    top: `${rect.top}px`,
    left: `${rect.left}px`,
    width: `${rect.width}px`,
    height: `${rect.height}px`,
  });
  if (overlay.label) {
    const component = componentOf(element);
    const tag = element.tagName.toLowerCase();
    overlay.label.textContent = component ? `${component} · ${tag}` : tag;
    // Above the element, or inside it when there is no room above.
    overlay.label.style.top = rect.top >= LABEL_HEIGHT ? `-${LABEL_HEIGHT}px` : '0px';
  }
}
