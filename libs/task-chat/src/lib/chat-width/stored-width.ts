import { CHAT_WIDTH_SAVE_DEBOUNCE_MS } from '@mason/contract';
import { useCallback, useEffect, useRef } from 'react';

/** A pane's width as stored in this browser: a number, or null when there is none to read. */
export function readStoredWidth(key: string): number | null {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    if (stored === null || stored === undefined || stored.trim() === '') return null;
    const width = Number(stored);
    return Number.isFinite(width) ? width : null;
  } catch {
    return null;
  }
}

function storeWidth(key: string, width: number): void {
  try {
    globalThis.localStorage?.setItem(key, String(width));
  } catch {
    // Full or blocked storage: the width still applies to this page.
  }
}

/**
 * Saves a pane's width under `key` after 300 ms of quiet (SPEC.md 9, the chat's debounce); a
 * width still waiting when the pane goes away is saved at once.
 */
export function useStoredWidthSaver(key: string): (width: number) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<number | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) storeWidth(key, pending.current);
    },
    [key],
  );
  return useCallback(
    (width: number) => {
      pending.current = width;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        pending.current = null;
        storeWidth(key, width);
      }, CHAT_WIDTH_SAVE_DEBOUNCE_MS);
    },
    [key],
  );
}
