import { addressGroup } from './address-group';

describe('addressGroup: what a per-address limit counts', () => {
  it('counts an IPv4 address as itself', () => {
    expect(addressGroup('192.0.2.10')).toBe('192.0.2.10');
    expect(addressGroup('192.0.2.11')).toBe('192.0.2.11');
  });

  it('counts every address of an IPv6 /64 as one, however it is written', () => {
    const block = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:00a1',
      '2001:db8:1:2:a::',
      '2001:db8:1:2::1%eth0',
      '2001:db8:1:2:0:0:192.0.2.1',
    ])
      expect({ address, group: addressGroup(address) }).toEqual({ address, group: block });
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(addressGroup('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(addressGroup('::ffff:c000:20a')).toBe('192.0.2.10');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(addressGroup('unknown')).toBe('unknown');
    expect(addressGroup('')).toBe('');
  });
});
