/** The label of the TXT record that proves a domain is the person's: `_mason-challenge.{domain}`. */
export const CHALLENGE_LABEL = '_mason-challenge';

/**
 * The name of a Host header or a configured domain: lower-case, without its port (`:4200`, or
 * after an IPv6 address in brackets) and without a trailing dot. '' for nothing.
 */
export function hostOf(host: string | undefined | null): string {
  if (!host) return '';
  let name = host.trim().toLowerCase();
  if (name.startsWith('[')) {
    const end = name.indexOf(']');
    name = end === -1 ? name.slice(1) : name.slice(1, end);
  } else if (name.split(':').length === 2) {
    name = name.slice(0, name.indexOf(':'));
  }
  return name.replace(/\.$/, '');
}

/**
 * Whether a name could be a domain at all (letters, digits, hyphens and underscores in dot-separated
 * labels, at most 253 characters): anything else (a NUL, a space, a slash) names nothing Mason
 * serves and is never looked up.
 */
export function isDomainLike(name: string): boolean {
  return name.length <= 253 && /^[a-z0-9_-]{1,63}(\.[a-z0-9_-]{1,63})*$/.test(name);
}

/** Whether `domain` is `host` or a name under it. */
export function isAtOrUnder(domain: string, host: string): boolean {
  return host !== '' && (domain === host || domain.endsWith(`.${host}`));
}

/** The reserved host `domain` is, or is under; null when it is free to claim. */
export function reservedHostOf(domain: string, reservedHosts: readonly string[]): string | null {
  return reservedHosts.map(hostOf).find((host) => isAtOrUnder(domain, host)) ?? null;
}

/** The TXT record's name for a domain. */
export const challengeName = (domain: string) => `${CHALLENGE_LABEL}.${domain}`;

/**
 * Where the app opens by a custom domain: the protocol visitors use, and APPS_DOMAIN's port if it
 * has one (a proxy in front of Mason serves 443; a laptop serves Mason's own port).
 */
export function domainUrl(
  domain: string,
  appsDomain: string,
  protocol: 'http:' | 'https:',
): string {
  const port = /:(\d+)$/.exec(appsDomain.trim())?.[1];
  return `${protocol}//${domain}${port ? `:${port}` : ''}/`;
}
