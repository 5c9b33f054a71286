import { promises as dns } from 'node:dns';

/** Why a lookup gave no answer, other than "there is no such record". */
export class DnsLookupError extends Error {
  override name = 'DnsLookupError';

  constructor(
    /** c-ares's code: ETIMEOUT, ESERVFAIL, ECONNREFUSED, EREFUSED… */
    readonly code: string,
  ) {
    super(`The DNS lookup failed (${code}).`);
  }
}

/**
 * The DNS as the domain checks need it: the records of one type of a name. A name without such a
 * record (NXDOMAIN or an empty answer) is an empty list; a lookup that could not be made (a time-out,
 * a server failure) throws DnsLookupError.
 */
export interface DnsLookup {
  /** TXT values (the character strings of each record joined). */
  txt(name: string): Promise<string[]>;
  /** CNAME targets, lower-case, without a trailing dot. */
  cname(name: string): Promise<string[]>;
  /** IPv4 addresses (after the CNAMEs the answer holds). */
  ipv4(name: string): Promise<string[]>;
  /** IPv6 addresses (after the CNAMEs the answer holds). */
  ipv6(name: string): Promise<string[]>;
  /** Ends every lookup in flight (the server is closing). */
  cancel(): void;
}

/** "No such record": answered as an empty list, not as a failure. */
const NO_RECORD: ReadonlySet<string> = new Set([dns.NODATA, dns.NOTFOUND]);

export interface DnsLookupOptions {
  /** `host:port` of each server to ask (DNS_SERVERS); empty: the system's resolvers. */
  servers: readonly string[];
  /** Milliseconds per try (default 2500). */
  timeoutMs?: number;
  /** Tries per server (default 2). */
  tries?: number;
}

/**
 * The one DNS adapter: node:dns's Resolver over UDP (c-ares), on the configured servers. Tests
 * point it at a real DNS server on loopback (`@mason/server-domains/testing`).
 */
export function createDnsLookup({
  servers,
  timeoutMs = 2500,
  tries = 2,
}: DnsLookupOptions): DnsLookup {
  const resolver = new dns.Resolver({ timeout: timeoutMs, tries });
  if (servers.length > 0) resolver.setServers([...servers]);

  const ask = async <T>(lookup: () => Promise<T[]>): Promise<T[]> => {
    try {
      return await lookup();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
      if (NO_RECORD.has(code)) return [];
      throw new DnsLookupError(code);
    }
  };
  const bare = (name: string) => name.toLowerCase().replace(/\.$/, '');

  return {
    txt: async (name) =>
      (await ask(() => resolver.resolveTxt(name))).map((chunks) => chunks.join('')),
    cname: async (name) => (await ask(() => resolver.resolveCname(name))).map(bare),
    ipv4: (name) => ask(() => resolver.resolve4(name)),
    ipv6: (name) => ask(() => resolver.resolve6(name)),
    cancel: () => resolver.cancel(),
  };
}
