import type { Session, SessionLinks } from '@mason/server-auth';

/** Where previews are served: `{previewProtocol}//p-{projectId}….{previewDomain}/`. */
export interface PreviewUrlConfig {
  /** PREVIEW_DOMAIN: `localhost:4200` by default, `preview.example.com` in production. */
  readonly previewDomain: string;
  readonly previewProtocol: 'http:' | 'https:';
}

/** Which preview a request is for, read from its Host header. */
export interface PreviewHost {
  readonly projectId: string;
  /** A pinned version (`p-{id}-v{n}`), or null: the project's newest, followed live. */
  readonly versionIndex: number | null;
  /** `http://p-….localhost:4200`: the preview's own origin. */
  readonly origin: string;
}

/** The query parameter that carries a preview's access token. */
export const PREVIEW_TOKEN_PARAM = 'mason_preview';
/** How long a preview link works: a working day; Mason's window asks for a new one on every open. */
export const PREVIEW_TOKEN_TTL_SECONDS = 12 * 60 * 60;

const LABEL = /^p-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-v(\d{1,9}))?$/;

/**
 * Where a project's preview runs: a host of its own per project (and per version), never Mason's
 * origin. By default `http://p-{projectId}.localhost:{port}/` (browsers resolve *.localhost to
 * loopback); with PREVIEW_DOMAIN=preview.example.com, `https://p-{projectId}.preview.example.com/`.
 * A version's preview adds `-v{index}` to the host label, so each version has its own origin.
 */
export function previewUrl(
  config: PreviewUrlConfig,
  projectId: string,
  versionIndex?: number,
): string {
  const label = versionIndex === undefined ? `p-${projectId}` : `p-${projectId}-v${versionIndex}`;
  return `${config.previewProtocol}//${label}.${config.previewDomain}/`;
}

/**
 * The preview a Host header names (the scheme of previewUrl), or null when the request is for
 * Mason itself. Only hosts directly under PREVIEW_DOMAIN count.
 */
export function parsePreviewHost(
  host: string | undefined,
  config: PreviewUrlConfig,
): PreviewHost | null {
  if (!host) return null;
  const lower = host.toLowerCase();
  const suffix = `.${config.previewDomain.toLowerCase()}`;
  if (!lower.endsWith(suffix)) return null;
  const match = LABEL.exec(lower.slice(0, -suffix.length));
  if (!match) return null;
  return {
    projectId: match[1] as string,
    versionIndex: match[2] === undefined ? null : Number(match[2]),
    origin: `${config.previewProtocol}//${lower}`,
  };
}

/**
 * A preview runs on an origin of its own, without Mason's header: its URL carries a link token
 * signed for the project (every version of it) and the owner's session. It works for
 * PREVIEW_TOKEN_TTL_SECONDS, and not a moment after that session ends.
 */
export function signPreviewToken(
  links: Pick<SessionLinks, 'sign'>,
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
  config: PreviewUrlConfig,
  links: Pick<SessionLinks, 'sign'>,
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

/** The token a preview request carries in its query, if any. */
export function previewTokenOf(query: unknown): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[PREVIEW_TOKEN_PARAM];
  return typeof value === 'string' ? value : undefined;
}
