// Mason reaches some servers a person names (an attached database, an MCP server) from its own
// network: a name that resolves to loopback, a private range, link-local (cloud metadata) or
// anything but a public unicast address is refused, so a person cannot use Mason to probe what
// sits beside it. Callers connect to the addresses answered here (the name is not resolved again).
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** What kind of address a refused name pointed to, in words for a person. */
export type RefusedRange = 'loopback' | 'private network' | 'link-local' | 'reserved';

export interface PublicAddressOptions {
  /** Lets 127.0.0.0/8 and ::1 through (tests' servers run there); never private ranges. */
  readonly allowLoopback?: boolean;
  /** dns.lookup with `all` (tests give their own). */
  readonly lookup?: (host: string) => Promise<readonly { address: string }[]>;
}

/** One address a name resolved to, checked. */
export interface PublicAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Why a host is not reached: no address is known for it (`range` and `address` null), or one of
 * its addresses is in `range`.
 */
export class AddressRefused extends Error {
  override name = 'AddressRefused';

  constructor(
    readonly host: string,
    readonly range: RefusedRange | null,
    readonly address: string | null,
  ) {
    super(
      range === null
        ? `No server is known by the name ${host}.`
        : `${host} points to a ${range} address (${address}).`,
    );
  }
}

const lookupAll = (host: string) => dns.lookup(host, { all: true, verbatim: true });

/** A host of a URL (`[::1]`) without its brackets. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves `host` (a literal address is taken as it is) and answers every address it has, each
 * public unicast (or loopback, when allowed); refuses with AddressRefused when one is not, or
 * when there is none.
 */
export async function publicAddresses(
  host: string,
  options: PublicAddressOptions = {},
): Promise<[PublicAddress, ...PublicAddress[]]> {
  const name = bare(host);
  let found: readonly { address: string }[];
  if (ipaddr.isValid(name)) found = [{ address: name }];
  else {
    try {
      found = await (options.lookup ?? lookupAll)(name);
    } catch {
      found = [];
    }
  }
  const [first, ...rest] = found;
  if (!first) throw new AddressRefused(name, null, null);
  const checked = ({ address }: { address: string }): PublicAddress => {
    // An IPv4 address written as IPv6 (::ffff:10.0.0.5) is judged as the IPv4 address it is.
    const range = ipaddr.process(address).range();
    const allowed = range === 'unicast' || (range === 'loopback' && options.allowLoopback === true);
    if (!allowed) throw new AddressRefused(name, describe(range), address);
    return { address, family: ipaddr.parse(address).kind() === 'ipv4' ? 4 : 6 };
  };
  return [checked(first), ...rest.map(checked)];
}

function describe(range: string): RefusedRange {
  switch (range) {
    case 'loopback':
      return 'loopback';
    case 'private':
    case 'uniqueLocal':
    case 'carrierGradeNat':
      return 'private network';
    case 'linkLocal':
      return 'link-local';
    default:
      return 'reserved';
  }
}
