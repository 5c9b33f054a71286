import { useSyncExternalStore } from 'react';

const matchOf = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query)
    : null;

/** Whether a CSS media query matches now, kept live (false where there is no matchMedia). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => matchOf(query)?.matches ?? false,
    () => false,
  );
}

/** Narrower than the theme's md breakpoint (768 px): a phone, where panes become tabs. */
export const PHONE_QUERY = '(max-width: 767.98px)';
