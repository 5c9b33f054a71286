import { useCallback, useEffect, useRef, useState } from 'react';
import {
  useGetClientConfigQuery,
  useGetProjectQuery,
  usePutProjectThumbnailMutation,
} from '@mason/api-client';
import {
  PREVIEW_BRIDGE_CHANNEL,
  type BridgeMessage,
  type ParentMessage,
} from '@mason/contract/preview';

type ThumbnailMessage = Extract<BridgeMessage, { type: 'thumbnail' }>;

export interface ThumbnailCaptureOptions {
  readonly projectId: string;
  /**
   * The project's newest version when the pane frames it; null while it frames an older version
   * from the history (or knows no newest): then no picture is made.
   */
  readonly newestVersionId: string | null;
  /** Posts to the framed page's bridge. */
  readonly post: (message: ParentMessage) => void;
}

/** What the framed page reported to the pane, as the capture needs it. */
export interface ThumbnailCapture {
  /** The bridge said ready, showing this version (null: an error page, no version). */
  readonly pageReady: (versionId: string | null) => void;
  /** The page threw, or its version did not build: it is no picture of the app. */
  readonly pageFailed: () => void;
  /** The bridge's picture, answering the capture asked for. */
  readonly pictureReceived: (message: ThumbnailMessage) => void;
}

interface PageState {
  readonly versionId: string | null;
  readonly failed: boolean;
}

/**
 * The dashboard card's picture of the app, made inside the preview (the preview runs on an
 * origin of its own, so only the page can picture itself): when the server says thumbnails are
 * on (GET /config), the pane shows the project's newest version, its bridge said ready and no
 * error came, and the project's picture is missing or of an older version, the pane asks the
 * bridge once to capture (the bridge waits for the page to settle), then stores what it sends
 * (PUT /projects/:id/thumbnail). A page that fails before its picture arrives sends none.
 */
export function useThumbnailCapture({
  projectId,
  newestVersionId,
  post,
}: ThumbnailCaptureOptions): ThumbnailCapture {
  const config = useGetClientConfigQuery();
  const enabled = config.data?.thumbnails === true;
  const project = useGetProjectQuery(projectId, { skip: !enabled });
  const [putThumbnail] = usePutProjectThumbnailMutation();
  const [page, setPage] = useState<PageState>({ versionId: null, failed: false });
  const pageRef = useRef(page);
  pageRef.current = page;
  // The version a picture was asked for: asked once per version, whatever the page does next.
  const asked = useRef<string | null>(null);
  const stored = project.data?.thumbnailVersionId ?? null;

  useEffect(() => {
    const { versionId, failed } = page;
    if (!enabled || project.data === undefined || failed) return;
    if (versionId === null || versionId !== newestVersionId || versionId === stored) return;
    if (asked.current === versionId) return;
    asked.current = versionId;
    post({ channel: PREVIEW_BRIDGE_CHANNEL, type: 'capture-thumbnail', versionId });
  }, [enabled, project.data, page, newestVersionId, stored, post]);

  const pageReady = useCallback(
    (versionId: string | null) => setPage({ versionId, failed: false }),
    [],
  );
  const pageFailed = useCallback(
    () => setPage((current) => (current.failed ? current : { ...current, failed: true })),
    [],
  );
  const pictureReceived = useCallback(
    (message: ThumbnailMessage) => {
      const current = pageRef.current;
      if (message.versionId !== asked.current || current.failed) return;
      if (current.versionId !== message.versionId) return;
      void putThumbnail({ projectId, versionId: message.versionId, image: message.image });
    },
    [projectId, putThumbnail],
  );

  return { pageReady, pageFailed, pictureReceived };
}
