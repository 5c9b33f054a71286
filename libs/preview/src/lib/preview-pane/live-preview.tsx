import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { PREVIEW_BRIDGE_CHANNEL, type BridgeMessage } from '@mason/contract/preview';
import { previewEditsOf, usePreviewSession, usePreviewState } from '@mason/preview-state';
import { buildFailureMessage } from '../error-report/error-report';
import { appPathOf, pageUrlOf } from '../preview-address/preview-address';
import { usePreviewBridge } from '../preview-bridge/use-preview-bridge';
import {
  PREVIEW_REFUSED_AFTER_MS,
  PREVIEW_SLOW_AFTER_MS,
  PreviewPaneView,
  type PreviewPaneViewProps,
} from '../preview-pane-view/preview-pane-view';
import { useThumbnailCapture } from '../preview-thumbnail/use-thumbnail-capture';
import { useUrlHistory } from '../url-history/use-url-history';
import { STARTING_FRAME, frameStatusReducer } from './frame-status';
import { useSlowStart } from './use-slow-start';

/** What the pane around decides: the device, the console, the version bar. */
export type PaneChrome = Pick<
  PreviewPaneViewProps,
  | 'device'
  | 'onDeviceChange'
  | 'consoleOpen'
  | 'onToggleConsole'
  | 'errorCount'
  | 'consoleId'
  | 'actions'
  | 'console'
  | 'viewedVersionIndex'
  | 'onBackToNewest'
  | 'className'
>;

export interface LivePreviewProps extends PaneChrome {
  /** The preview URL framed (with its access token). A new one needs a new LivePreview (`key`). */
  readonly url: string;
  /** Its origin, checked by framableOrigin. */
  readonly origin: string;
  /** The id of the version at an index, when known (the ready message carries only the index). */
  readonly versionIdOf: (index: number) => string | null;
  readonly projectId: string;
  /** The project's newest version when this is its preview (not an older one): it may be pictured. */
  readonly newestVersionId: string | null;
}

/**
 * One framed preview URL and its bridge: the URL history, loading and failure states, and
 * what the bridge reports to the workspace session (console, errors, selections, the version
 * shown). Remounted for a new URL, which starts a new history (SPEC.md 2).
 */
export function LivePreview({
  url,
  origin,
  versionIdOf,
  projectId,
  newestVersionId,
  ...chrome
}: LivePreviewProps) {
  const session = usePreviewSession();
  const picking = usePreviewState((state) => state.layoutMode || state.editMode);
  const pendingEdits = usePreviewState((state) => state.pendingEdits);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const history = useUrlHistory();
  const [frame, dispatch] = useReducer(frameStatusReducer, STARTING_FRAME);
  const slow = useSlowStart(frame.phase === 'loading', frame.attempt, PREVIEW_SLOW_AFTER_MS);
  // The frame loaded a document but its bridge never spoke: the browser refused to show the
  // preview here (its frame-ancestors do not name this window's origin), or the page is broken.
  const [loadedAttempt, setLoadedAttempt] = useState<number | null>(null);
  const attemptRef = useRef(frame.attempt);
  attemptRef.current = frame.attempt;
  useEffect(() => {
    const element = frameRef.current;
    if (!element) return undefined;
    const onLoad = () => setLoadedAttempt(attemptRef.current);
    element.addEventListener('load', onLoad);
    return () => element.removeEventListener('load', onLoad);
  });
  const refused = useSlowStart(
    frame.phase === 'loading' && loadedAttempt === frame.attempt,
    frame.attempt,
    PREVIEW_REFUSED_AFTER_MS,
  );

  const onBridgeMessage = (bridged: BridgeMessage) => {
    switch (bridged.type) {
      case 'ready': {
        dispatch({ type: 'ready' });
        history.record('load', bridged.url);
        const index = bridged.versionIndex;
        const versionId = bridged.versionId ?? (index === null ? null : versionIdOf(index));
        if (index !== null && versionId !== null) session.setShownVersion({ versionId, index });
        thumbnail.pageReady(versionId);
        return;
      }
      case 'url':
        history.record(bridged.kind, bridged.url);
        return;
      case 'console':
        session.log({ level: bridged.level, text: bridged.text, detail: null });
        return;
      case 'notice':
        session.notice(bridged.text);
        return;
      case 'error':
        session.log({ level: 'uncaught', text: bridged.message, detail: bridged.stack });
        thumbnail.pageFailed();
        return;
      case 'build-failed':
        thumbnail.pageFailed();
        session.logBuildFailure(bridged.diagnostics);
        dispatch({ type: 'build-failed', diagnostics: bridged.diagnostics });
        return;
      case 'selected':
        session.select(bridged.selection);
        return;
      case 'thumbnail':
        thumbnail.pictureReceived(bridged);
        return;
    }
  };
  const post = usePreviewBridge(frameRef, origin, onBridgeMessage);
  const thumbnail = useThumbnailCapture({ projectId, newestVersionId, post });

  // Layout mode and the staged visual edits live in the page: tell every page that starts.
  useEffect(() => {
    if (frame.readyCount > 0)
      post({ channel: PREVIEW_BRIDGE_CHANNEL, type: 'layout-mode', enabled: picking });
  }, [post, picking, frame.readyCount]);
  useEffect(() => {
    if (frame.readyCount > 0)
      post({
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'preview-edits',
        edits: previewEditsOf(pendingEdits),
      });
  }, [post, pendingEdits, frame.readyCount]);

  const navigate = useCallback(
    (path: string) => post({ channel: PREVIEW_BRIDGE_CHANNEL, type: 'navigate', url: path }),
    [post],
  );
  // The page shown, as its address field reads it, goes with every chat message (currentPage);
  // a frame that is gone (another version, another project) shows none.
  const address = history.current === null ? '' : appPathOf(history.current, url);
  useEffect(() => session.setCurrentPage(address === '' ? null : address), [session, address]);
  useEffect(() => () => session.setCurrentPage(null), [session]);

  const reload = () => {
    if (frame.connected) {
      post({ channel: PREVIEW_BRIDGE_CHANNEL, type: 'reload' });
    } else if (frameRef.current) {
      // No bridge to ask (the page never started, or stopped answering): load the frame again.
      frameRef.current.src = url;
    }
    dispatch({ type: 'reload' });
  };

  return (
    <PreviewPaneView
      {...chrome}
      src={url}
      frameRef={frameRef}
      status={
        frame.phase === 'loading'
          ? { kind: 'loading', slow, refused }
          : frame.phase === 'build-failed'
            ? { kind: 'build-failed', diagnostics: frame.diagnostics }
            : { kind: 'ready' }
      }
      address={address}
      origin={frame.connected ? origin : null}
      onNavigate={navigate}
      canGoBack={frame.connected && history.canGoBack}
      canGoForward={frame.connected && history.canGoForward}
      onBack={() => {
        const target = history.back();
        if (target !== null) navigate(target);
      }}
      onForward={() => {
        const target = history.forward();
        if (target !== null) navigate(target);
      }}
      canReload
      onReload={reload}
      openUrl={history.current === null ? url : pageUrlOf(history.current, url)}
      onFixBuild={() => session.requestChatMessage(buildFailureMessage(frame.diagnostics))}
    />
  );
}
