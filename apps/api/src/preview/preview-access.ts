import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { previewUrl } from '../projects/preview-urls';

/** The query parameter that carries a preview's access token. */
export const PREVIEW_TOKEN_PARAM = 'mason_preview';
/** How long a preview link works: a working day; Mason's window asks for a new one on every open. */
export const PREVIEW_TOKEN_TTL_SECONDS = 12 * 60 * 60;

function signature(key: Buffer, projectId: string, expires: number): string {
  return createHmac('sha256', key).update(`preview:${projectId}:${expires}`).digest('base64url');
}

/**
 * A preview runs on an origin of its own, without Mason's session: its URL carries a token
 * signed for the project (every version of it) that lasts PREVIEW_TOKEN_TTL_SECONDS, so only
 * the project's owner, who got the link from the API, can open it.
 */
export function signPreviewToken(key: Buffer, projectId: string, now = Date.now()) {
  // Rounded up to the hour: the URL stays the same for an hour, so asking again does not
  // reframe (and reload) an open preview.
  const expires = Math.ceil((Math.floor(now / 1000) + PREVIEW_TOKEN_TTL_SECONDS) / 3600) * 3600;
  return {
    token: `${expires}.${signature(key, projectId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

export function verifyPreviewToken(
  key: Buffer,
  projectId: string,
  token: string | undefined,
  now = Date.now(),
): boolean {
  if (!token || token.length > 200) return false;
  const [expiresText = '', given = ''] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = signature(key, projectId, expires);
  return (
    expected.length === given.length && timingSafeEqual(Buffer.from(expected), Buffer.from(given))
  );
}

/** A preview URL (the project's newest version, or one version) that opens: with a fresh token. */
export function signedPreviewUrl(
  config: Pick<AppConfig, 'previewDomain' | 'previewProtocol'>,
  key: Buffer,
  projectId: string,
  versionIndex?: number,
  now = Date.now(),
) {
  const { token, expiresAt } = signPreviewToken(key, projectId, now);
  const base = previewUrl(config, projectId, versionIndex);
  return {
    url: `${base}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`,
    origin: new URL(base).origin,
    expiresAt,
  };
}
