// The fetch every request to a person's MCP server (and its OAuth server) goes through. The
// address is checked where it is connected to: undici's connector resolves the name with a lookup
// that refuses it unless every address is public (server-http's publicAddresses), and a literal
// address is checked before the request, so neither a DNS answer that changes between a check and
// the connection nor a redirect can lead Mason to loopback, a private range or cloud metadata.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { AddressRefused, publicAddresses, type PublicAddressOptions } from '@mason/server-http';
import { Agent, fetch as undiciFetch } from 'undici';

export interface GuardedFetchOptions extends PublicAddressOptions {
  /** How long opening a connection may take (default 10 s). */
  readonly connectTimeoutMs?: number;
}

/** The fetch of the MCP SDK (a WHATWG fetch). */
export type GuardedFetchFn = (url: string | URL, init?: RequestInit) => Promise<Response>;

export interface GuardedFetch {
  readonly fetch: GuardedFetchFn;
  /** Closes its connections. */
  close(): Promise<void>;
}

/** A server answered with a redirect to another host: Mason does not follow it. */
export class RedirectRefused extends Error {
  override name = 'RedirectRefused';

  constructor(
    readonly host: string,
    readonly target: string | null,
  ) {
    super(
      target
        ? `${host} sent Mason on to another host (${target}); Mason does not follow it.`
        : `${host} sent Mason on without saying where.`,
    );
  }
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup's shape for net.connect, answering only addresses publicAddresses let through. */
function guardedLookup(options: PublicAddressOptions) {
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
    publicAddresses(hostname, options).then(
      (all) => {
        const family =
          lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = family ? all.filter((entry) => entry.family === family) : all;
        const [first] = addresses;
        if (!first) callback(new AddressRefused(hostname, null, null), '');
        else if (lookupOptions.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * A fetch that reaches only public addresses (and loopback when allowed), refusing with
 * AddressRefused (the cause of fetch's TypeError at connect time), and that never follows a
 * redirect: one to another host is refused with RedirectRefused, one within the host is answered
 * as it is (the MCP SDK follows those itself, through this fetch again).
 */
export function guardedFetch(options: GuardedFetchOptions = {}): GuardedFetch {
  const agent = new Agent({
    connect: {
      lookup: guardedLookup(options),
      timeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    },
  });
  const fetch: GuardedFetchFn = async (input, init) => {
    const url = new URL(input);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TypeError(
        `Mason reaches MCP servers over http and https only (not ${url.protocol}).`,
      );
    // net.connect does not look a literal address up: it is checked here.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0) await publicAddresses(host, options);
    const response = await undiciFetch(url, {
      ...(init as Parameters<typeof undiciFetch>[1]),
      redirect: 'manual',
      dispatcher: agent,
    });
    if (REDIRECT_STATUSES.has(response.status)) {
      const location = response.headers.get('location');
      let target: URL | null = null;
      try {
        target = location ? new URL(location, url) : null;
      } catch {
        target = null;
      }
      if (!target || target.hostname !== url.hostname) {
        await response.body?.cancel();
        throw new RedirectRefused(url.host, target?.host ?? null);
      }
    }
    return response as unknown as Response;
  };
  return { fetch, close: () => agent.close() };
}
