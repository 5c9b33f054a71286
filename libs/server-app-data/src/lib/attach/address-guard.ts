// An attached database is reached from Mason's own network: a name that resolves to loopback, a
// private range, link-local (cloud metadata) or anything but a public unicast address is
// refused, so attaching cannot be used to probe what sits beside Mason. The address checked is
// the one connected to (the name is not resolved again by the driver).
import dns from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { AttachRefused, type AttachField } from './attach-refused';

export interface AddressGuardOptions {
  /** Lets 127.0.0.0/8 and ::1 through (tests' database servers run there); never private ranges. */
  readonly allowLoopback?: boolean;
  /** dns.lookup with `all` (tests give their own). */
  readonly lookup?: (host: string) => Promise<readonly { address: string }[]>;
}

const lookupAll = (host: string) => dns.lookup(host, { all: true, verbatim: true });

/** Resolves `host` and answers the address to connect to, or refuses with why. */
export async function publicAddressOf(
  host: string,
  field: AttachField,
  options: AddressGuardOptions = {},
): Promise<string> {
  let addresses: readonly { address: string }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host }];
  else {
    try {
      addresses = await (options.lookup ?? lookupAll)(host);
    } catch {
      addresses = [];
    }
  }
  const [first] = addresses;
  if (!first)
    throw new AttachRefused(`No server is known by the name ${host}. Check the host.`, field);
  for (const { address } of addresses) {
    const range = ipaddr.process(address).range();
    const allowed = range === 'unicast' || (range === 'loopback' && options.allowLoopback === true);
    if (!allowed)
      throw new AttachRefused(
        `${host} points to a ${describe(range)} address (${address}). Mason attaches only databases on public addresses.`,
        field,
      );
  }
  return first.address;
}

function describe(range: string): string {
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
