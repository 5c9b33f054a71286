import {
  parseBridgeMessage,
  type BridgeMessage,
  type ParentMessage,
} from '@mason/contract/preview';
import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * The talk with the bridge script inside the preview (libs/contract preview-bridge.ts). Hears
 * only messages from the frame's own window on the preview's origin that parse as bridge
 * messages, and answers the function that posts to the bridge, with the preview's origin as
 * targetOrigin (never '*': the app may have navigated the frame elsewhere).
 */
export function usePreviewBridge(
  frameRef: RefObject<HTMLIFrameElement | null>,
  origin: string,
  onMessage: (message: BridgeMessage) => void,
): (message: ParentMessage) => void {
  const handlerRef = useRef(onMessage);
  useLayoutEffect(() => {
    handlerRef.current = onMessage;
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const frameWindow = frameRef.current?.contentWindow;
      // Another window (a tab the app opened, another frame) or another origin is not the bridge.
      if (!frameWindow || event.source !== frameWindow || event.origin !== origin) return;
      const message = parseBridgeMessage(event.data);
      if (message) handlerRef.current(message);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [frameRef, origin]);

  return useCallback(
    (message: ParentMessage) => frameRef.current?.contentWindow?.postMessage(message, origin),
    [frameRef, origin],
  );
}
