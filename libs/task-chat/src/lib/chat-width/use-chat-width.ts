import { CHAT_WIDTH_DEFAULT, CHAT_WIDTH_EXPANDED } from '@mason/contract';
import { useCallback, useState } from 'react';
import { readStoredWidth, useStoredWidthSaver } from './stored-width';

/** SPEC.md 4: the chat box width is stored (in this browser). 0 means collapsed. */
export const CHAT_WIDTH_STORAGE_KEY = 'mason.chatWidth';
export const CHAT_WIDTH_MIN = 320;
export const CHAT_WIDTH_MAX = 960;

const clamp = (width: number) =>
  Math.round(Math.min(CHAT_WIDTH_MAX, Math.max(CHAT_WIDTH_MIN, width)));

/** The stored width: 0 (collapsed), a width within bounds, or the default (500). */
export function readStoredChatWidth(): number {
  const width = readStoredWidth(CHAT_WIDTH_STORAGE_KEY);
  if (width === null) return CHAT_WIDTH_DEFAULT;
  return width <= 0 ? 0 : clamp(width);
}

export interface ChatWidth {
  /** The width in px (the last one while collapsed). */
  readonly width: number;
  readonly collapsed: boolean;
  /** Resizes (clamped to CHAT_WIDTH_MIN..CHAT_WIDTH_MAX); saved after 300 ms of quiet. */
  readonly resize: (width: number) => void;
  readonly collapse: () => void;
  /** Opens the chat again at 520 px (SPEC.md 4). */
  readonly expand: () => void;
}

/**
 * The chat box's width: stored in localStorage (key 'mason.chatWidth'), 500 by default, 520
 * when expanding from collapsed, every change saved with a 300 ms debounce (SPEC.md 4, 9).
 */
export function useChatWidth(): ChatWidth {
  const [stored] = useState(readStoredChatWidth);
  const [width, setWidth] = useState(stored === 0 ? CHAT_WIDTH_DEFAULT : stored);
  const [collapsed, setCollapsed] = useState(stored === 0);
  const save = useStoredWidthSaver(CHAT_WIDTH_STORAGE_KEY);

  const resize = useCallback(
    (next: number) => {
      const value = clamp(next);
      setWidth(value);
      setCollapsed(false);
      save(value);
    },
    [save],
  );
  const collapse = useCallback(() => {
    setCollapsed(true);
    save(0);
  }, [save]);
  const expand = useCallback(() => {
    setWidth(CHAT_WIDTH_EXPANDED);
    setCollapsed(false);
    save(CHAT_WIDTH_EXPANDED);
  }, [save]);

  return { width, collapsed, resize, collapse, expand };
}
