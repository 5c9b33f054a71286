import type { Session, SessionLinks } from '@mason/server-auth';
import type { AppConfig } from '../config/app-config';
import { previewUrl } from '../projects/preview-urls';

/** The query parameter that carries a preview's access token. */
export const PREVIEW_TOKEN_PARAM = 'mason_preview';
/** How long a preview link works: a working day; Mason's window asks for a new one on every open. */
export const PREVIEW_TOKEN_TTL_SECONDS = 12 * 60 * 60;

/**
 * A preview runs on an origin of its own, without Mason's header: its URL carries a link token
 * signed for the project (every version of it) and the owner's session. It works for
 * PREVIEW_TOKEN_TTL_SECONDS, and not a moment after that session ends.
 */
export function signPreviewToken(
  links: SessionLinks,
  session: Pick<Session, 'id'>,
  projectId: string,
) {
  // Rounded up to the hour: the URL stays the same for an hour, so asking again does not
  // reframe (and reload) an open preview.
  return links.sign('preview', projectId, session, {
    ttlSeconds: PREVIEW_TOKEN_TTL_SECONDS,
    roundToSeconds: 3600,
  });
}

/** A preview URL (the project's newest version, or one version) that opens: with a fresh token. */
export function signedPreviewUrl(
  config: Pick<AppConfig, 'previewDomain' | 'previewProtocol'>,
  links: SessionLinks,
  session: Pick<Session, 'id'>,
  projectId: string,
  versionIndex?: number,
) {
  const { token, expiresAt } = signPreviewToken(links, session, projectId);
  const base = previewUrl(config, projectId, versionIndex);
  return {
    url: `${base}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`,
    origin: new URL(base).origin,
    expiresAt,
  };
}
