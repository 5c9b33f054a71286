import { ApiRoutes, type ImageMediaType, type TaskLog } from '@mason/contract';
import type { Session, SessionLinks } from '@mason/server-auth';

/** A message's image as its log entry keeps it: the blob's hash and its type. */
export interface StoredImage {
  mediaType: ImageMediaType;
  hash: string;
}

/** How long an image link works; rounded to the hour, so the browser's cache keeps the image. */
const IMAGE_LINK_SECONDS = 12 * 60 * 60;

/** What an image link is signed for: this image of this task, as this type. */
export const imageLinkSubject = (taskId: string, hash: string, mediaType: string) =>
  `${taskId}:${hash}:${mediaType}`;

/**
 * The log entries as their reader gets them: each image of a message becomes a link signed for
 * the reader's session (GET /blobs/:hash), so an image is served only to whoever may read the
 * task, only as the type it was sent as, and no longer than their session lives.
 */
export function logPresenter(links: SessionLinks, session: Pick<Session, 'id'>) {
  return (log: TaskLog): TaskLog => {
    if (log.type !== 'USER_MESSAGE' || log.payload.images.length === 0) return log;
    const images = (log.payload.images as unknown as StoredImage[]).map(({ mediaType, hash }) => {
      const { token } = links.sign('blob', imageLinkSubject(log.taskId, hash, mediaType), session, {
        ttlSeconds: IMAGE_LINK_SECONDS,
        roundToSeconds: 3600,
      });
      const query = new URLSearchParams({ type: mediaType, task: log.taskId, token });
      return { mediaType, url: `/api${ApiRoutes.blob.replace(':hash', hash)}?${query}` };
    });
    return { ...log, payload: { ...log.payload, images } };
  };
}
