const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** Elements inside `root` that Tab can reach, in document order. */
export function getTabbable(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => {
    if (element.tabIndex < 0) return false;
    if (element.hasAttribute('inert') || element.closest('[inert]')) return false;
    if (element.getAttribute('aria-hidden') === 'true') return false;
    // Hidden elements (display: none) have no client rects in a browser; jsdom has none either,
    // so only the `hidden` attribute is checked there.
    return !element.closest('[hidden]');
  });
}
