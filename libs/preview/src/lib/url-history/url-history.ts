import type { UrlChangeKind } from '@mason/contract/preview';

/**
 * The preview's own URL history (SPEC.md 2): the app's pages in the order the person went
 * through them, and where they are now. Mason keeps it, not the frame's browser history, so
 * Back and Forward work the same whatever the app does with its router.
 */
export interface UrlHistoryState {
  readonly entries: readonly string[];
  /** The current entry; -1 while the preview has reported no page yet. */
  readonly index: number;
  /**
   * The URLs Back and Forward asked the preview to open, oldest first: their reports move
   * nothing, since the index moved already (two quick clicks make two).
   */
  readonly expected: readonly string[];
}

export type UrlHistoryAction =
  /** The preview reports its URL ('load' for a page load, the others from the app's router). */
  | { readonly type: 'change'; readonly kind: UrlChangeKind; readonly url: string }
  | { readonly type: 'back' }
  | { readonly type: 'forward' };

export const EMPTY_URL_HISTORY: UrlHistoryState = { entries: [], index: -1, expected: [] };

function push(state: UrlHistoryState, url: string): UrlHistoryState {
  return {
    entries: [...state.entries.slice(0, state.index + 1), url],
    index: state.index + 1,
    expected: [],
  };
}

function change(state: UrlHistoryState, kind: UrlChangeKind, url: string): UrlHistoryState {
  const awaited = state.expected.indexOf(url);
  if (awaited >= 0) return { ...state, expected: state.expected.slice(awaited + 1) };
  if (state.entries[state.index] === url) return state;
  switch (kind) {
    case 'load':
    case 'push':
      return push(state, url);
    case 'replace':
      if (state.index < 0) return push(state, url);
      return {
        entries: state.entries.map((entry, index) => (index === state.index ? url : entry)),
        index: state.index,
        expected: [],
      };
    case 'pop':
    case 'hash':
      // The app's own back and forward (a link to '#top', the browser's gesture in the frame):
      // a move to a neighbour when the URL is that neighbour's, a new page otherwise.
      if (state.entries[state.index - 1] === url)
        return { ...state, index: state.index - 1, expected: [] };
      if (state.entries[state.index + 1] === url)
        return { ...state, index: state.index + 1, expected: [] };
      return push(state, url);
  }
}

function move(state: UrlHistoryState, step: -1 | 1): UrlHistoryState {
  const target = state.entries[state.index + step];
  if (target === undefined || state.index < 0) return state;
  return { ...state, index: state.index + step, expected: [...state.expected, target] };
}

/**
 * The preview's URL history: a pure reducer (React's useReducer, or a plain test). A new
 * preview URL (another version, the first load) starts again from EMPTY_URL_HISTORY.
 */
export function urlHistoryReducer(
  state: UrlHistoryState,
  action: UrlHistoryAction,
): UrlHistoryState {
  switch (action.type) {
    case 'change':
      return change(state, action.kind, action.url);
    case 'back':
      return move(state, -1);
    case 'forward':
      return move(state, 1);
  }
}

/** The page shown now, or null before the first report. */
export const currentUrl = (state: UrlHistoryState): string | null =>
  state.entries[state.index] ?? null;

export const canGoBack = (state: UrlHistoryState): boolean => state.index > 0;

export const canGoForward = (state: UrlHistoryState): boolean =>
  state.index >= 0 && state.index < state.entries.length - 1;
