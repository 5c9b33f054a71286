import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { getTabbable } from './focusable';

export interface FocusTrapOptions {
  /** Element focused on activation; else the first tabbable element; else the container. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Return focus to the element that had it before activation. Default: true. */
  restoreFocus?: boolean;
}

// Focus moves in the same commit that shows the trap (no frame with focus left behind).
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** Layers of open traps: only the top one traps and handles Escape. */
const layers: object[] = [];

export function isTopLayer(layer: object): boolean {
  return layers[layers.length - 1] === layer;
}

/**
 * Keeps Tab and Shift+Tab inside `containerRef` while `active`, focuses the first element on
 * activation and gives focus back to the opener on deactivation.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  layer: object,
  { initialFocusRef, restoreFocus = true }: FocusTrapOptions = {},
): void {
  useIsomorphicLayoutEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return undefined;
    layers.push(layer);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const focusInitial = () => {
      const target = initialFocusRef?.current ?? getTabbable(container)[0] ?? container;
      target.focus({ preventScroll: true });
      return container.contains(document.activeElement);
    };
    // If the trap mounts while hidden (a parent still display:none), focus() does nothing:
    // try again for a few frames until it lands.
    let frame = 0;
    let attempts = 0;
    const retry = () => {
      attempts += 1;
      if (!focusInitial() && attempts < 20) frame = requestAnimationFrame(retry);
    };
    if (!focusInitial() && typeof requestAnimationFrame === 'function')
      frame = requestAnimationFrame(retry);

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || !isTopLayer(layer)) return;
      const tabbable = getTabbable(container);
      if (tabbable.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const first = tabbable[0];
      const last = tabbable[tabbable.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !container.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !container.contains(current))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a click on the page behind, a programmatic focus) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTopLayer(layer)) return;
      if (event.target instanceof Node && !container.contains(event.target)) {
        (getTabbable(container)[0] ?? container).focus({ preventScroll: true });
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      const index = layers.lastIndexOf(layer);
      if (index >= 0) layers.splice(index, 1);
      if (restoreFocus && opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
    // initialFocusRef is a ref: reading it at activation time is intended.
  }, [active, containerRef, layer, restoreFocus]);
}
