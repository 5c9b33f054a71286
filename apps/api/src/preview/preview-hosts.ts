import type { AppConfig } from '../config/app-config';

/** Which preview a request is for, read from its Host header. */
export interface PreviewHost {
  readonly projectId: string;
  /** A pinned version (`p-{id}-v{n}`), or null: the project's newest, followed live. */
  readonly versionIndex: number | null;
  /** `http://p-….localhost:4200`: the preview's own origin. */
  readonly origin: string;
}

const LABEL = /^p-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:-v(\d{1,9}))?$/;

/**
 * The preview a Host header names (see projects/preview-urls.ts for the scheme), or null when the
 * request is for Mason itself. Only hosts directly under PREVIEW_DOMAIN count.
 */
export function parsePreviewHost(
  host: string | undefined,
  config: Pick<AppConfig, 'previewDomain' | 'previewProtocol'>,
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
