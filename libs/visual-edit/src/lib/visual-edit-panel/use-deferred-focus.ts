import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Focus for `ref` once the next render is committed: after a closing dialog has given focus
 * back to its opener, and when that opener is gone (the element deleted, the changes discarded)
 * focus would otherwise fall to the page.
 */
export function useDeferredFocus(ref: RefObject<HTMLElement | null>): () => void {
  const [requested, setRequested] = useState(false);
  useEffect(() => {
    if (!requested) return;
    ref.current?.focus();
    setRequested(false);
  }, [requested, ref]);
  return useCallback(() => setRequested(true), []);
}
