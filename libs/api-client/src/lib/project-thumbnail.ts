import { projectExtraCallRoutes } from '@mason/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { apiClientConfigOf } from './config';
import { fillPath } from './path';

/** A thunk that reads the store's API config and token (redux-thunk's third argument). */
type ThumbnailThunk = (
  dispatch: unknown,
  getState: () => unknown,
  extra: unknown,
) => Promise<Blob | null>;

/**
 * GET /projects/:id/thumbnail with the store's bearer token: the picture's bytes, or null when
 * the project has none (404) or the request failed. The answer carries an ETag and
 * `no-cache`, so the browser asks again and gets a 304 while the picture is unchanged.
 */
const fetchThumbnail =
  (projectId: string, signal: AbortSignal): ThumbnailThunk =>
  async (_dispatch, getState, extra) => {
    const config = apiClientConfigOf(extra);
    const headers = new Headers({ Accept: 'image/*' });
    const token = config.getToken(getState());
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const path = fillPath(projectExtraCallRoutes.getProjectThumbnail.path, { id: projectId });
    try {
      const response = await (config.fetchFn ?? globalThis.fetch)(`${config.baseUrl}${path}`, {
        headers,
        signal,
      });
      return response.ok ? await response.blob() : null;
    } catch {
      return null;
    }
  };

/** Where a project card's picture stands. */
export type ProjectThumbnail =
  | { readonly state: 'none' }
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly src: string }
  | { readonly state: 'failed' };

/**
 * The project card's picture of the app, as an object URL of its bytes (fetched with the bearer
 * token, which an `<img src>` cannot send), or where it stands. `versionId` is the project's
 * thumbnailVersionId: null means there is none; a new one fetches the new picture. The URL is
 * revoked when the card unmounts or the picture changes.
 */
export function useProjectThumbnail(projectId: string, versionId: string | null): ProjectThumbnail {
  const store = useStore();
  const [thumbnail, setThumbnail] = useState<ProjectThumbnail>({ state: 'none' });
  // The object URL shown: kept until the next picture is in, so the card does not flash.
  const shown = useRef<string | null>(null);
  const show = useCallback((src: string | null) => {
    if (shown.current !== null) URL.revokeObjectURL(shown.current);
    shown.current = src;
  }, []);
  useEffect(() => () => show(null), [show]);

  useEffect(() => {
    if (versionId === null) {
      show(null);
      setThumbnail({ state: 'none' });
      return undefined;
    }
    const controller = new AbortController();
    setThumbnail((current) => (current.state === 'ready' ? current : { state: 'loading' }));
    const loading = (store.dispatch as unknown as (thunk: ThumbnailThunk) => Promise<Blob | null>)(
      fetchThumbnail(projectId, controller.signal),
    );
    void loading.then((blob) => {
      if (controller.signal.aborted) return;
      if (blob === null || blob.size === 0) {
        show(null);
        setThumbnail({ state: 'failed' });
        return;
      }
      const src = URL.createObjectURL(blob);
      show(src);
      setThumbnail({ state: 'ready', src });
    });
    return () => controller.abort();
  }, [store, show, projectId, versionId]);

  return thumbnail;
}
