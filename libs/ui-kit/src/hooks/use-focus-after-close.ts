import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Moves focus to `target` once `open` has become false, when asked: call the returned function
 * as the component closes its editor or dialog. The focus moves in an effect after the commit
 * that closed it, when `target` is on the page again (and after a dialog's own focus return); a
 * requestAnimationFrame could run before that commit on a busy machine and find nothing there.
 */
export function useFocusAfterClose(
  open: boolean,
  target: RefObject<HTMLElement | null>,
): () => void {
  const asked = useRef(false);
  useEffect(() => {
    if (open || !asked.current) return;
    asked.current = false;
    target.current?.focus();
  }, [open, target]);
  return useCallback(() => {
    asked.current = true;
  }, []);
}
