import { useCallback, useRef, useState } from 'react';
import { isApiError, type ApiError } from './api-error';
import { projectsApi } from './endpoints/projects';

/**
 * Starts the browser's download of `url` (a link the server answers with a zip as an attachment):
 * the click on a hidden `<a download>` a person would make, so the page stays where it is.
 */
export function startBrowserDownload(url: string, fileName = ''): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}

/** What a "Download code" control needs: start it, and where it stands. */
export interface DownloadProjectCode {
  /**
   * Asks the server for a fresh link to the code (the newest version, or `versionId`), then starts
   * the download. Resolves true once the download started, false when asking failed (see error).
   */
  readonly download: (versionId?: string) => Promise<boolean>;
  /** True while the link is being asked for. */
  readonly preparing: boolean;
  /** Why the last attempt failed; null after a success and while trying again. */
  readonly error: ApiError | null;
  /** True once a download started (until the next attempt). */
  readonly started: boolean;
  /** Forgets the error (the person closed the message). */
  readonly dismiss: () => void;
}

/** A failure that is not the call's (the browser refused to start the download). */
const NOT_STARTED: ApiError = {
  status: 'NETWORK',
  kind: 'other',
  message: 'The download could not start. Try again.',
};

/**
 * "Download code" for one project: GET /projects/:id/code, then the browser downloads the zip
 * the link points to. The call's errors are not toasted (error-toasts.ts): the control shows them
 * beside itself, where the person can try again.
 */
export function useDownloadProjectCode(projectId: string): DownloadProjectCode {
  const [getCode] = projectsApi.useLazyGetProjectCodeQuery();
  const [preparing, setPreparing] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [started, setStarted] = useState(false);
  // A second click while the first is asking does not ask twice.
  const busy = useRef(false);

  const download = useCallback(
    async (versionId?: string) => {
      if (busy.current) return false;
      busy.current = true;
      setPreparing(true);
      setError(null);
      setStarted(false);
      try {
        const link = await getCode({ projectId, versionId }).unwrap();
        startBrowserDownload(link.downloadUrl);
        setStarted(true);
        return true;
      } catch (failure) {
        setError(isApiError(failure) ? failure : NOT_STARTED);
        return false;
      } finally {
        busy.current = false;
        setPreparing(false);
      }
    },
    [getCode, projectId],
  );

  const dismiss = useCallback(() => setError(null), []);

  return { download, preparing, error, started, dismiss };
}
