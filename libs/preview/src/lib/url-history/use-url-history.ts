import type { UrlChangeKind } from '@mason/contract/preview';
import { useCallback, useReducer } from 'react';
import {
  EMPTY_URL_HISTORY,
  canGoBack,
  canGoForward,
  currentUrl,
  urlHistoryReducer,
} from './url-history';

export interface UrlHistory {
  /** The page shown now (path + search + hash), or null before the preview reports one. */
  readonly current: string | null;
  readonly canGoBack: boolean;
  readonly canGoForward: boolean;
  /** Records a URL the preview reports. */
  readonly record: (kind: UrlChangeKind, url: string) => void;
  /** Steps back and answers the URL to open in the preview (null at the start). */
  readonly back: () => string | null;
  /** Steps forward and answers the URL to open in the preview (null at the end). */
  readonly forward: () => string | null;
}

/** The preview's URL history in a component (see urlHistoryReducer). */
export function useUrlHistory(): UrlHistory {
  const [state, dispatch] = useReducer(urlHistoryReducer, EMPTY_URL_HISTORY);
  const record = useCallback(
    (kind: UrlChangeKind, url: string) => dispatch({ type: 'change', kind, url }),
    [],
  );
  const back = useCallback(() => {
    if (!canGoBack(state)) return null;
    dispatch({ type: 'back' });
    return state.entries[state.index - 1] ?? null;
  }, [state]);
  const forward = useCallback(() => {
    if (!canGoForward(state)) return null;
    dispatch({ type: 'forward' });
    return state.entries[state.index + 1] ?? null;
  }, [state]);
  return {
    current: currentUrl(state),
    canGoBack: canGoBack(state),
    canGoForward: canGoForward(state),
    record,
    back,
    forward,
  };
}
