import { act } from '@testing-library/react';

// jsdom lays nothing out: every box is 0 x 0 and elements cannot scroll. The chat's virtual list
// reads its viewport's clientHeight and each row's offsetHeight; this gives them the sizes a
// browser would (a 640 px viewport, 64 px rows), so specs see the rows a person would see, and
// only those.
export const TEST_VIEWPORT_HEIGHT = 640;
export const TEST_ROW_HEIGHT = 64;

const isViewport = (element: Element) => element.hasAttribute('data-chat-viewport');

Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return isViewport(this) ? TEST_VIEWPORT_HEIGHT : 0;
  },
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return isViewport(this) ? 480 : 0;
  },
});
// The viewport scrolls over its content: the boxes inside it, sized by their style height.
Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
  configurable: true,
  get(this: HTMLElement) {
    if (!isViewport(this)) return 0;
    let content = 0;
    for (const child of Array.from(this.children))
      content += Number.parseFloat((child as HTMLElement).style.height) || 0;
    return Math.max(TEST_VIEWPORT_HEIGHT, content);
  },
});
Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.hasAttribute('data-index') ? TEST_ROW_HEIGHT : 0;
  },
});

// Element#scrollTo moves scrollTop, and the scroll event follows a moment later, as in a browser.
Element.prototype.scrollTo = function scrollTo(
  this: Element,
  optionsOrX?: ScrollToOptions | number,
  y?: number,
) {
  const top = typeof optionsOrX === 'object' ? optionsOrX.top : y;
  if (typeof top === 'number') this.scrollTop = Math.max(0, top);
  // (inside act: the list re-renders on scroll, as React expects of a test)
  setTimeout(() => act(() => void this.dispatchEvent(new Event('scroll'))), 0);
};
