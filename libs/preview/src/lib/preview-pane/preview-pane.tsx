import { useId, useState, type ReactNode } from 'react';
import { isApiError, useGetProjectPreviewQuery } from '@mason/api-client';
import { usePreviewSession, usePreviewState } from '@mason/preview-state';
import { isErrorEntry } from '../error-report/error-report';
import { framableOrigin } from '../preview-address/preview-address';
import { usePreviewDevice } from '../preview-device/use-preview-device';
import { PreviewConsole } from '../preview-console/preview-console';
import { PreviewPaneView, type PreviewPaneStatus } from '../preview-pane-view/preview-pane-view';
import { LivePreview, type PaneChrome } from './live-preview';

export interface PreviewPaneProps {
  readonly projectId: string;
  readonly className?: string;
  /** More controls at the end of the toolbar (e.g. visual edit's toggle). */
  readonly actions?: ReactNode;
}

const NOT_FRAMABLE: PreviewPaneStatus = {
  kind: 'problem',
  title: 'The preview cannot be shown safely.',
  message:
    'Its address is not on an origin of its own, apart from Mason’s, so the app could act as you here. The server must serve previews on a domain of their own.',
};

/** A pane that is not framing anything yet: the toolbar's page controls are off. */
const IDLE_NAVIGATION = {
  src: null,
  address: '',
  origin: null,
  onNavigate: () => undefined,
  canGoBack: false,
  canGoForward: false,
  onBack: () => undefined,
  onForward: () => undefined,
  canReload: false,
  onReload: () => undefined,
  openUrl: null,
  onFixBuild: () => undefined,
} as const;

/**
 * The live preview of a project (SPEC.md 2): the newest version from GET /projects/:id/preview,
 * or the older version opened from the history, framed on its own origin and driven through
 * the bridge. Needs a PreviewSessionProvider around it (the workspace's).
 */
export function PreviewPane({ projectId, className, actions }: PreviewPaneProps) {
  const session = usePreviewSession();
  const viewed = usePreviewState((state) => state.viewedVersion);
  const errorCount = usePreviewState((state) => state.console.filter(isErrorEntry).length);
  const preview = useGetProjectPreviewQuery(projectId);
  const [device, setDevice] = usePreviewDevice();
  const [consoleOpen, setConsoleOpen] = useState(false);
  const consoleId = useId();

  const chrome: PaneChrome = {
    device,
    onDeviceChange: setDevice,
    consoleOpen,
    onToggleConsole: () => setConsoleOpen((open) => !open),
    errorCount,
    consoleId,
    actions,
    console: <PreviewConsole id={consoleId} onClose={() => setConsoleOpen(false)} />,
    viewedVersionIndex: viewed?.index ?? null,
    onBackToNewest: () => session.viewVersion(null),
    className,
  };

  const newest = preview.data;
  const versionIdOf = (index: number) =>
    viewed?.index === index
      ? viewed.versionId
      : newest?.versionIndex === index
        ? newest.versionId
        : null;

  const source = viewed
    ? { url: viewed.previewUrl, namedOrigin: viewed.previewUrl }
    : newest
      ? { url: newest.url, namedOrigin: newest.origin }
      : null;
  if (source === null) {
    const status: PreviewPaneStatus = preview.error
      ? {
          kind: 'problem',
          title: 'The preview could not be loaded.',
          message: isApiError(preview.error)
            ? preview.error.message
            : 'Something went wrong. Try again.',
          onRetry: () => void preview.refetch(),
        }
      : { kind: 'loading', slow: false };
    return <PreviewPaneView {...chrome} {...IDLE_NAVIGATION} status={status} />;
  }

  // An app the preview cannot run (not Vite + React): why, instead of a build that fails.
  if (!viewed && newest?.unsupportedReason) {
    const status: PreviewPaneStatus = {
      kind: 'problem',
      title: 'This project is not previewed.',
      message: newest.unsupportedReason,
    };
    return <PreviewPaneView {...chrome} {...IDLE_NAVIGATION} status={status} />;
  }

  const origin = framableOrigin(source.url, source.namedOrigin, window.location.origin);
  if (origin === null)
    return <PreviewPaneView {...chrome} {...IDLE_NAVIGATION} status={NOT_FRAMABLE} />;
  return (
    <LivePreview
      key={source.url}
      {...chrome}
      url={source.url}
      origin={origin}
      versionIdOf={versionIdOf}
      projectId={projectId}
      newestVersionId={viewed ? null : (newest?.versionId ?? null)}
    />
  );
}
