import type { ReactNode, Ref } from 'react';
import styled, { css } from 'styled-components';
import type { DeviceType } from '@mason/contract';
import type { BuildDiagnostic } from '@mason/contract/preview';
import {
  AlertCircleIcon,
  Button,
  EmptyState,
  HistoryIcon,
  Spinner,
  lightColors,
} from '@mason/ui-kit';
import { MOBILE_FRAME_WIDTH } from '../preview-device/use-preview-device';
import { PreviewToolbar, type PreviewToolbarProps } from '../preview-toolbar/preview-toolbar';
import { BuildFailurePanel } from './build-failure-panel';

/**
 * What the frame may do. No allow-top-navigation: the app cannot take Mason's tab away.
 * allow-same-origin gives the app its own storage and cookies, as it will have when deployed;
 * that is safe only on an origin other than Mason's, which PreviewPane checks before framing.
 */
export const PREVIEW_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-modals allow-downloads';

/** How long the preview may start before the pane says it is slow and offers a reload. */
export const PREVIEW_SLOW_AFTER_MS = 15_000;

/**
 * How long a frame that loaded may stay silent (no `ready` from its bridge) before the pane says
 * the preview could not load here: a loaded page's bridge speaks at once.
 */
export const PREVIEW_REFUSED_AFTER_MS = 5_000;

/**
 * Mason's own address for a preview origin under the default PREVIEW_DOMAIN
 * (`http://p-….localhost:4200` → `http://localhost:4200`); null when it cannot be told.
 */
export function masonAddressOf(previewSrc: string | null): string | null {
  if (previewSrc === null) return null;
  try {
    const url = new URL(previewSrc);
    const parent = url.host.split('.').slice(1).join('.');
    return /^localhost(:\d+)?$/.test(parent) ? `${url.protocol}//${parent}` : null;
  } catch {
    return null;
  }
}

/** The phone frame's bezel and corners, drawn around the 390 px screen. */
const PHONE_BEZEL_PX = 10;
const PHONE_CORNER_PX = 36;

/** What the pane shows over (or instead of) the frame. */
export type PreviewPaneStatus =
  /**
   * Until the bridge says `ready`; `slow` after PREVIEW_SLOW_AFTER_MS; `refused` when the frame
   * loaded but its bridge stayed silent (the browser would not show the preview in this window).
   */
  | { readonly kind: 'loading'; readonly slow: boolean; readonly refused?: boolean }
  | { readonly kind: 'ready' }
  | { readonly kind: 'build-failed'; readonly diagnostics: readonly BuildDiagnostic[] }
  /** The preview cannot be shown: a sentence for the person and, when it may help, a retry. */
  | {
      readonly kind: 'problem';
      readonly title: string;
      readonly message: string;
      readonly onRetry?: () => void;
    };

export interface PreviewPaneViewProps extends PreviewToolbarProps {
  readonly status: PreviewPaneStatus;
  /** The preview's URL; null: no frame (still starting, or a problem). Never Mason's own origin. */
  readonly src: string | null;
  readonly frameRef?: Ref<HTMLIFrameElement>;
  /** The older version shown ("Viewing version N"); null: the newest. */
  readonly viewedVersionIndex: number | null;
  readonly onBackToNewest: () => void;
  /** "Fix with AI" of a failed build. */
  readonly onFixBuild: () => void;
  /** The console panel, shown under the frame while consoleOpen (with the id consoleId). */
  readonly console?: ReactNode;
  readonly className?: string;
}

const StyledPane = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
  min-width: 0;
  background: ${({ theme }) => theme.colors.background};
`;

const StyledVersionBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.infoSubtle};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  svg {
    color: ${({ theme }) => theme.colors.infoText};
  }
`;

const StyledStage = styled.div<{ $device: DeviceType }>`
  position: relative;
  display: flex;
  flex: 1;
  justify-content: center;
  min-height: 0;
  overflow: hidden;
  ${({ $device, theme }) =>
    $device === 'MOBILE' &&
    css`
      padding: ${theme.space[4]};
      background: ${theme.colors.muted};
    `}
`;

const StyledFrame = styled.iframe<{ $device: DeviceType }>`
  display: block;
  flex: ${({ $device }) => ($device === 'MOBILE' ? '0 0 auto' : '1 1 auto')};
  min-width: 0;
  border: 0;
  /* A page that sets no background is white in a browser tab: so it is here, in either theme. */
  background: ${lightColors.background};
  ${({ $device, theme }) =>
    $device === 'MOBILE'
      ? css`
          box-sizing: content-box;
          width: ${MOBILE_FRAME_WIDTH}px;
          border: ${PHONE_BEZEL_PX}px solid ${theme.colors.secondary};
          border-radius: ${PHONE_CORNER_PX}px;
          box-shadow: ${theme.shadows.xl};
        `
      : css`
          width: 100%;
        `}
`;

const StyledOverlay = styled.div<{ $dim?: boolean }>`
  position: absolute;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndices.raised};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme, $dim }) => ($dim ? theme.colors.overlay : theme.colors.background)};
  color: ${({ theme }) => theme.colors.foreground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: center;
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledConsoleArea = styled.div`
  display: flex;
  flex-direction: column;
  height: 35%;
  min-height: 160px;

  > * {
    flex: 1;
  }
`;

function Overlay({
  status,
  src,
  onReload,
  onFixBuild,
}: Pick<PreviewPaneViewProps, 'status' | 'src' | 'onReload' | 'onFixBuild'>) {
  switch (status.kind) {
    case 'ready':
      return null;
    case 'loading':
      return (
        <StyledOverlay role="status">
          <Spinner size="lg" decorative />
          {status.refused ? (
            <>
              <p>The preview could not load here.</p>
              <StyledMuted>
                {`Your browser would not show it in a window at this address. Open Mason at ${
                  masonAddressOf(src) ?? 'the address set as its PUBLIC_URL'
                } and try again, or set PUBLIC_URL to the address you use.`}
              </StyledMuted>
              <Button size="sm" variant="outline" onClick={() => onReload()}>
                Reload
              </Button>
            </>
          ) : status.slow ? (
            <>
              <p>The preview is taking longer than usual.</p>
              <StyledMuted>The app may still be building. Reload to try again.</StyledMuted>
              <Button size="sm" variant="outline" onClick={() => onReload()}>
                Reload
              </Button>
            </>
          ) : (
            <StyledMuted>Starting the preview…</StyledMuted>
          )}
        </StyledOverlay>
      );
    case 'build-failed':
      return (
        <StyledOverlay $dim>
          <BuildFailurePanel diagnostics={status.diagnostics} onFix={onFixBuild} />
        </StyledOverlay>
      );
    case 'problem':
      return (
        <StyledOverlay role="alert">
          <EmptyState
            icon={<AlertCircleIcon size={20} />}
            title={status.title}
            description={status.message}
            action={
              status.onRetry ? (
                <Button size="sm" variant="outline" onClick={() => status.onRetry?.()}>
                  Retry
                </Button>
              ) : undefined
            }
          />
        </StyledOverlay>
      );
  }
}

/**
 * The preview pane as a person sees it, from plain props (PreviewPane feeds it): the toolbar,
 * "Viewing version N", the framed app (full width, or a 390 px phone) under the status of the
 * moment, and the console panel. Callbacks are called without the DOM event: whatever keeps
 * it (Storybook's action log) would walk from it into the frame's window, on another origin.
 */
export function PreviewPaneView({
  status,
  src,
  frameRef,
  viewedVersionIndex,
  onBackToNewest,
  onFixBuild,
  console: consolePanel,
  className,
  ...toolbar
}: PreviewPaneViewProps) {
  return (
    <StyledPane className={className}>
      <PreviewToolbar {...toolbar} />
      {viewedVersionIndex !== null && (
        <StyledVersionBar>
          <HistoryIcon size={14} />
          <span>Viewing version {viewedVersionIndex}</span>
          <span aria-hidden="true">·</span>
          <Button variant="link" onClick={() => onBackToNewest()}>
            Back to the newest
          </Button>
        </StyledVersionBar>
      )}
      <StyledStage $device={toolbar.device}>
        {src !== null && status.kind !== 'problem' && (
          <StyledFrame
            ref={frameRef}
            $device={toolbar.device}
            title="App preview"
            src={src}
            sandbox={PREVIEW_SANDBOX}
            referrerPolicy="no-referrer"
            allow="clipboard-write"
          />
        )}
        <Overlay status={status} src={src} onReload={toolbar.onReload} onFixBuild={onFixBuild} />
      </StyledStage>
      {toolbar.consoleOpen && consolePanel && <StyledConsoleArea>{consolePanel}</StyledConsoleArea>}
    </StyledPane>
  );
}
