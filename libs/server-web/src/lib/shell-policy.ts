import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';

/** What the shell's Content-Security-Policy reads of the configuration (AppConfig has it). */
export interface ShellPolicyConfig {
  /** Google sign-in's OAuth client id; null: Google sign-in is off. */
  googleClientId: string | null;
  /** posthog's project key and host; null: no analytics. */
  analytics: { key: string; host: string } | null;
  /** Previews are served on `{protocol}//p-{projectId}….{previewDomain}` (PREVIEW_DOMAIN). */
  previewDomain: string;
  previewProtocol: 'http:' | 'https:';
}

/** The inline `<script>` and `<style>` blocks of the built index.html, as CSP hash sources. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * Google Identity Services, as Google documents its CSP: the client script, its button
 * stylesheet, and its frames and requests under /gsi/.
 */
export const GOOGLE_IDENTITY_SOURCES = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
} as const;

const unique = (values: readonly string[]) => [...new Set(values)];

/** The HTML parser turns CR LF and lone CR into LF before a script or style has text. */
const normalizeNewlines = (text: string) => text.replace(/\r\n?/g, '\n');

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(normalizeNewlines(text), 'utf8').digest('base64')}'`;

/** The hashes of every inline script (no src) and inline style block of an HTML page. */
export function inlineHashes(html: string): InlineHashes {
  const scripts: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (!/\bsrc\s*=/i.test(attributes ?? '')) scripts.push(sha256Source(body ?? ''));
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)].map(([, body]) =>
    sha256Source(body ?? ''),
  );
  return { scripts, styles };
}

/** A fresh nonce for one response (128 bits, base64). */
export const newNonce = () => randomBytes(16).toString('base64');

/**
 * The page as sent: a `<meta property="csp-nonce">` first in <head>, where styled-components
 * reads the nonce for the style elements it makes (and index.html's inline script hands it to
 * notistack's goober as window.__nonce__).
 */
export function withNonce(html: string, nonce: string): string {
  const meta = `<meta property="csp-nonce" nonce="${nonce}">`;
  const head = /<head\b[^>]*>/i.exec(html);
  if (!head) return `${meta}${html}`;
  const end = head.index + head[0].length;
  return `${html.slice(0, end)}${meta}${html.slice(end)}`;
}

/**
 * The version of posthog-js in the web app (one package-lock builds the server and the web app):
 * posthog-js loads its scripts from a folder named after it. Null when it cannot be read.
 */
export function posthogJsVersion(): string | null {
  try {
    const manifest = fs.readFileSync(require.resolve('posthog-js/package.json'), 'utf8');
    const version = (JSON.parse(manifest) as { version?: unknown }).version;
    return typeof version === 'string' && /^[0-9A-Za-z.+-]+$/.test(version) ? version : null;
  } catch {
    return null;
  }
}

/**
 * Where posthog-js, as libs/analytics configures it, goes (by its own request router): events,
 * flags and session recordings to the API host; from the assets host its remote config script
 * (`/array/{key}/config.js`, or the same as JSON), and the two scripts it loads with Mason's
 * options: surveys (always, as posthog's remote config lists them) and the session recorder
 * (when recording is on in posthog's project), first from `/static/{version}/` and, if that
 * fails, from `/static/`. PostHog Cloud (us / eu) serves assets from `{region}-assets.i.posthog.com`;
 * any other host serves everything itself.
 */
export function posthogSources(
  analytics: { key: string; host: string },
  version: string | null = posthogJsVersion(),
) {
  // A ';' or ',' or a space would end the source (or the directive) in the policy.
  const given = analytics.host.replace(/\/+$/, '').replace(/[;,\s]/g, encodeURIComponent);
  const apiHost = given === 'https://app.posthog.com' ? 'https://us.i.posthog.com' : given;
  const region = /^https:\/\/(app|us|us-assets)(\.i)?\.posthog\.com/i.test(apiHost)
    ? 'us'
    : /^https:\/\/(eu|eu-assets)(\.i)?\.posthog\.com/i.test(apiHost)
      ? 'eu'
      : null;
  const api = region ? `https://${region}.i.posthog.com` : apiHost;
  const assets = region ? `https://${region}-assets.i.posthog.com` : apiHost;
  const extensions = ['surveys', 'lazy-recorder'];
  return {
    script: [
      `${assets}/array/${encodeURIComponent(analytics.key)}/config.js`,
      ...(version ? extensions.map((name) => `${assets}/static/${version}/${name}.js`) : []),
      ...extensions.map((name) => `${assets}/static/${name}.js`),
    ],
    connect: unique([`${apiHost}/`, `${api}/`, `${assets}/`]),
  };
}

/** `http://*.localhost:4200`: every preview host (`p-{project}[-v{n}].{PREVIEW_DOMAIN}`). */
export function previewFrameSource(
  config: Pick<ShellPolicyConfig, 'previewDomain' | 'previewProtocol'>,
) {
  const domain = config.previewDomain.toLowerCase();
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(domain))
    throw new Error(
      `PREVIEW_DOMAIN must be a host name with an optional port (it is "${domain}").`,
    );
  return `${config.previewProtocol}//*.${domain}`;
}

/**
 * The Content-Security-Policy of Mason's own pages (the web app's index.html), made once from the
 * configuration (a bad PREVIEW_DOMAIN stops the server at start). Nothing is allowed unless
 * listed: Mason's own scripts and the inline theme script by hash; styles from styled-components
 * and notistack by the per-response nonce and index.html's inline style by hash; images from
 * Mason and the data:/blob: URLs of attachments; requests to Mason; frames for the previews;
 * Google sign-in and posthog only when they are configured. No site may frame the page.
 */
export function shellPolicy(
  config: ShellPolicyConfig,
): (hashes: InlineHashes, nonce: string) => string {
  const google = config.googleClientId ? GOOGLE_IDENTITY_SOURCES : null;
  const posthog = config.analytics ? posthogSources(config.analytics, posthogJsVersion()) : null;
  const previews = previewFrameSource(config);
  return (hashes, nonce) =>
    [
      ['default-src', "'none'"],
      ['script-src', "'self'", ...hashes.scripts, google?.script, ...(posthog?.script ?? [])],
      ['style-src', "'self'", `'nonce-${nonce}'`, ...hashes.styles, google?.style],
      ['img-src', "'self'", 'data:', 'blob:'],
      ['connect-src', "'self'", ...(posthog?.connect ?? []), google?.connect],
      ['frame-src', previews, google?.frame],
      ['object-src', "'none'"],
      ['base-uri', "'none'"],
      ['form-action', "'none'"],
      ['frame-ancestors', "'none'"],
    ]
      .map((directive) => unique(directive.filter((part) => part !== undefined)).join(' '))
      .join('; ');
}
