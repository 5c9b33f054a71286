import type { AppConfig } from '../config/app-config';

/**
 * Where a project's preview runs: a host of its own per project (and per version), never Mason's
 * origin. By default `http://p-{projectId}.localhost:{port}/` (Chromium resolves *.localhost to
 * loopback); with PREVIEW_DOMAIN=preview.example.com, `https://p-{projectId}.preview.example.com/`.
 * A version's preview adds `-v{index}` to the host label, so each version has its own origin.
 * The preview host itself is served by the live-preview work; this fixes the scheme.
 */
export function previewUrl(
  config: Pick<AppConfig, 'previewDomain' | 'previewProtocol'>,
  projectId: string,
  versionIndex?: number,
): string {
  const label = versionIndex === undefined ? `p-${projectId}` : `p-${projectId}-v${versionIndex}`;
  return `${config.previewProtocol}//${label}.${config.previewDomain}/`;
}
