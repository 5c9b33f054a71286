import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [
    ...left,
    ...Array.from({ length: rest === undefined ? 0 : missing }, () => '0'),
    ...right,
  ];
  return groups.map((group) => Number.parseInt(group, 16));
}

/**
 * The client address a per-address limit counts: an IPv4 address as it is; an IPv6 address as
 * its /64 (`2001:db8:1:2::/64`), the block one home, phone or server usually gets, so that
 * rotating through the addresses of one block does not buy more tries. An IPv4 address mapped
 * into IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything else as it is.
 */
export function addressGroup(address: string): string {
  if (isIPv4(address)) return address;
  const plain = address.split('%')[0] as string;
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain.toLowerCase());
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
