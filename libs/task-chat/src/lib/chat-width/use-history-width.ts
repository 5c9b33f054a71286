import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_WIDTH_SAVE_DEBOUNCE_MS } from '@mason/contract';

/** The history panel's width is stored in this browser, like the chat's. */
export const HISTORY_WIDTH_STORAGE_KEY = 'mason.historyWidth';
export const HISTORY_WIDTH_DEFAULT = 288;
export const HISTORY_WIDTH_MIN = 240;
export const HISTORY_WIDTH_MAX = 480;

const clamp = (width: number) =>
  Math.round(Math.min(HISTORY_WIDTH_MAX, Math.max(HISTORY_WIDTH_MIN, width)));

function read(): number {
  try {
    const stored = Number(globalThis.localStorage?.getItem(HISTORY_WIDTH_STORAGE_KEY) ?? '');
    return Number.isFinite(stored) && stored > 0 ? clamp(stored) : HISTORY_WIDTH_DEFAULT;
  } catch {
    return HISTORY_WIDTH_DEFAULT;
  }
}

function write(width: number): void {
  try {
    globalThis.localStorage?.setItem(HISTORY_WIDTH_STORAGE_KEY, String(width));
  } catch {
    // Full or blocked storage: the width still applies to this page.
  }
}

/** The history panel's width (288 px by default), saved after the chat's 300 ms of quiet. */
export function useHistoryWidth() {
  const [width, setWidth] = useState(read);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const resize = useCallback((next: number) => {
    const value = clamp(next);
    setWidth(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => write(value), CHAT_WIDTH_SAVE_DEBOUNCE_MS);
  }, []);
  return { width, resize };
}
