import {
  CHAT_WIDTH_DEFAULT,
  CHAT_WIDTH_EXPANDED,
  CHAT_WIDTH_SAVE_DEBOUNCE_MS,
} from '@mason/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/** SPEC.md 4: the chat box width is stored (in this browser). 0 means collapsed. */
export const CHAT_WIDTH_STORAGE_KEY = 'mason.chatWidth';
export const CHAT_WIDTH_MIN = 320;
export const CHAT_WIDTH_MAX = 960;

const clamp = (width: number) => Math.round(Math.min(CHAT_WIDTH_MAX, Math.max(CHAT_WIDTH_MIN, width)));

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored width: 0 (collapsed), a width within bounds, or the default (500). */
export function readStoredChatWidth(): number {
  try {
    const stored = storage()?.getItem(CHAT_WIDTH_STORAGE_KEY);
    if (stored === null || stored === undefined || stored.trim() === '') return CHAT_WIDTH_DEFAULT;
    const width = Number(stored);
    if (!Number.isFinite(width)) return CHAT_WIDTH_DEFAULT;
    return width <= 0 ? 0 : clamp(width);
  } catch {
    return CHAT_WIDTH_DEFAULT;
  }
}

function store(width: number) {
  try {
    storage()?.setItem(CHAT_WIDTH_STORAGE_KEY, String(width));
  } catch {
    // Full or blocked storage: the width still applies to this page.
  }
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
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<number | null>(null);

  const save = useCallback((value: number) => {
    pending.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = null;
      store(value);
    }, CHAT_WIDTH_SAVE_DEBOUNCE_MS);
  }, []);

  // A change still waiting when the page goes away is saved at once.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== null) store(pending.current);
    },
    [],
  );

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
