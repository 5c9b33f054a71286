import { useCallback, useState } from 'react';
import { readStoredWidth, useStoredWidthSaver } from './stored-width';

/** The history panel's width is stored in this browser, like the chat's. */
export const HISTORY_WIDTH_STORAGE_KEY = 'mason.historyWidth';
export const HISTORY_WIDTH_DEFAULT = 288;
export const HISTORY_WIDTH_MIN = 240;
export const HISTORY_WIDTH_MAX = 480;

const clamp = (width: number) =>
  Math.round(Math.min(HISTORY_WIDTH_MAX, Math.max(HISTORY_WIDTH_MIN, width)));

function read(): number {
  const stored = readStoredWidth(HISTORY_WIDTH_STORAGE_KEY);
  return stored !== null && stored > 0 ? clamp(stored) : HISTORY_WIDTH_DEFAULT;
}

/** The history panel's width (288 px by default), saved after the chat's 300 ms of quiet. */
export function useHistoryWidth() {
  const [width, setWidth] = useState(read);
  const save = useStoredWidthSaver(HISTORY_WIDTH_STORAGE_KEY);
  const resize = useCallback(
    (next: number) => {
      const value = clamp(next);
      setWidth(value);
      save(value);
    },
    [save],
  );
  return { width, resize };
}
