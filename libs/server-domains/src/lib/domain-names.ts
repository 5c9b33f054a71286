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
