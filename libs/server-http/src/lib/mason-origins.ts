/**
 * The loopback names one local Mason answers under. Not [::1]: a CSP source has no IPv6 literal
 * (CSP3's host-source grammar), Chromium reports `http://[::1]:4200` in frame-ancestors as an
 * invalid source on every preview page and ignores it, so naming it only added an error.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The origins Mason's web app may be open on: PUBLIC_URL's origin, and when that is a loopback
 * name, the same port under every loopback name (a person who opens http://127.0.0.1:4200
 * reaches the same server as http://localhost:4200).
 */
export function masonOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return [url.origin];
  const port = url.port ? `:${url.port}` : '';
  return [
    url.origin,
    ...[...LOOPBACK_HOSTS]
      .map((name) => `${url.protocol}//${name}${port}`)
      .filter((origin) => origin !== url.origin),
  ];
}

/** What a request says about where it came from (Fastify's request has all three). */
export interface RequestOrigin {
  readonly headers: { readonly origin?: string | undefined };
  readonly protocol: string;
  readonly host: string;
}

/** The origin a request came from: its Origin header (a browser's fetch), else its Host. */
export function requestOrigin(request: RequestOrigin): string {
  return request.headers.origin ?? `${request.protocol}://${request.host}`;
}

/**
 * The base of links into Mason's web app for a person on `origin` (requestOrigin): that origin
 * when it is one of Mason's own (masonOrigins), so the person stays where their session is;
 * PUBLIC_URL otherwise (an origin Mason does not serve never gets into a link).
 */
export function webBaseFor(origin: string | undefined, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (!origin) return base;
  const own = masonOrigins(publicUrl);
  const asked = own.find((candidate) => candidate === origin.toLowerCase());
  if (!asked || asked === own[0]) return base;
  return `${asked}${new URL(publicUrl).pathname.replace(/\/+$/, '')}`;
}
