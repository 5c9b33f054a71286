import { startTestDnsServer, type TestDnsServer } from '../testing';
import { createDnsLookup, type DnsLookup } from './dns-lookup';
import { checkDomainRecords, dnsRecordsFor, nextState } from './domain-checks';
import { hostOf, reservedHostOf } from './domain-names';

const TOKEN = 'mason-verify-0123456789abcdef0123456789abcdef';

describe('the DNS checks of a domain, against a DNS server on loopback', () => {
  let dns: TestDnsServer;
  let lookup: DnsLookup;
  beforeAll(async () => {
    dns = await startTestDnsServer();
    lookup = createDnsLookup({ servers: [dns.address], timeoutMs: 1000, tries: 1 });
  });
  afterAll(() => dns?.close());
  beforeEach(() => dns.clear());

  const details = async (records: Parameters<typeof checkDomainRecords>[1]) =>
    (await checkDomainRecords(lookup, records)).map(({ type, ok, detail }) => ({
      type,
      ok,
      detail,
    }));

  it('asks for A and AAAA records when Mason has addresses, an AAAA record being optional', async () => {
    const records = dnsRecordsFor('example.test', TOKEN, {
      appsDomain: 'apps.mason.test:4200',
      appsIpv4: '203.0.113.7',
      appsIpv6: '2001:db8::7',
    });
    expect(records).toEqual([
      { type: 'TXT', name: '_mason-challenge.example.test', value: TOKEN },
      { type: 'A', name: 'example.test', value: '203.0.113.7' },
      { type: 'AAAA', name: 'example.test', value: '2001:db8::7' },
    ]);

    dns.set('_mason-challenge.example.test', 'TXT', ['something else', TOKEN]);
    dns.set('example.test', 'A', ['203.0.113.7']);
    expect(await details(records)).toEqual([
      { type: 'TXT', ok: true, detail: 'Found, with the right value.' },
      { type: 'A', ok: true, detail: 'Points at 203.0.113.7.' },
      { type: 'AAAA', ok: true, detail: 'No AAAA record (optional: visitors use the A record).' },
    ]);

    // A second address elsewhere would send some visitors away.
    dns.set('example.test', 'A', ['203.0.113.7', '198.51.100.1']);
    dns.set('example.test', 'AAAA', ['2001:db8::9']);
    expect((await details(records)).slice(1)).toEqual([
      { type: 'A', ok: false, detail: 'Also points at 198.51.100.1: remove it.' },
      { type: 'AAAA', ok: false, detail: 'Points at 2001:db8::9, not 2001:db8::7.' },
    ]);
  });

  it('counts a flattened CNAME (a bare domain answering the addresses of APPS_DOMAIN) as pointing at Mason', async () => {
    const records = dnsRecordsFor('example.test', TOKEN, {
      appsDomain: 'apps.mason.test',
      appsIpv4: null,
      appsIpv6: null,
    });
    const cname = records.filter((record) => record.type === 'CNAME');
    expect(cname).toEqual([{ type: 'CNAME', name: 'example.test', value: 'apps.mason.test' }]);
    dns.set('apps.mason.test', 'A', ['203.0.113.7']);
    dns.set('example.test', 'A', ['203.0.113.7']);
    expect(await details(cname)).toEqual([
      {
        type: 'CNAME',
        ok: true,
        detail: 'Answers the addresses of apps.mason.test (203.0.113.7).',
      },
    ]);
    dns.set('example.test', 'A', ['198.51.100.1']);
    expect(await details(cname)).toEqual([
      {
        type: 'CNAME',
        ok: false,
        detail:
          "No CNAME record; the domain answers 198.51.100.1, which are not apps.mason.test's.",
      },
    ]);
  });

  it('reads a TXT value longer than one DNS string', async () => {
    const long = `mason-verify-${'a'.repeat(300)}`;
    dns.set('_mason-challenge.example.test', 'TXT', [long]);
    expect(
      await details([{ type: 'TXT', name: '_mason-challenge.example.test', value: long }]),
    ).toEqual([{ type: 'TXT', ok: true, detail: 'Found, with the right value.' }]);
  });

  it('says when DNS could not be asked', async () => {
    // Nothing listens there: the lookup is refused, which is not "no record".
    const closed = await startTestDnsServer();
    const address = closed.address;
    await closed.close();
    const unreachable = createDnsLookup({ servers: [address], timeoutMs: 300, tries: 1 });
    const [txt] = await checkDomainRecords(unreachable, [
      { type: 'TXT', name: '_mason-challenge.example.test', value: TOKEN },
    ]);
    expect(txt).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^The DNS lookup failed \(E[A-Z]+\)\.$/),
    });
  });
});

describe('the state after a check', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);

  it('is ACTIVE, verified now, when every record is found', () => {
    expect(nextState({ status: 'PENDING', verifiedAt: null }, true, now, 3600)).toEqual({
      status: 'ACTIVE',
      verifiedAt: now,
    });
    expect(nextState({ status: 'FAILED', verifiedAt: hoursAgo(9) }, true, now, 3600)).toEqual({
      status: 'ACTIVE',
      verifiedAt: now,
    });
  });

  it('keeps a PENDING domain PENDING, and an ACTIVE one ACTIVE for the grace period', () => {
    expect(nextState({ status: 'PENDING', verifiedAt: null }, false, now, 3600).status).toBe(
      'PENDING',
    );
    expect(nextState({ status: 'ACTIVE', verifiedAt: hoursAgo(0.5) }, false, now, 3600)).toEqual({
      status: 'ACTIVE',
      verifiedAt: hoursAgo(0.5),
    });
    expect(nextState({ status: 'ACTIVE', verifiedAt: hoursAgo(2) }, false, now, 3600)).toEqual({
      status: 'FAILED',
      verifiedAt: hoursAgo(2),
    });
  });
});

describe('names', () => {
  it.each([
    ['Shop.Example.COM', 'shop.example.com'],
    ['shop.example.com:8443', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['[::1]:4200', '::1'],
    ['', ''],
  ])('reads the host of "%s"', (host, name) => expect(hostOf(host)).toBe(name));

  it('finds the reserved host a name is, or is under', () => {
    const reserved = ['mason.dev', 'localhost:4200', 'apps.example.net:4200'];
    expect(reservedHostOf('mason.dev', reserved)).toBe('mason.dev');
    expect(reservedHostOf('p-1.localhost', reserved)).toBe('localhost');
    expect(reservedHostOf('shop.apps.example.net', reserved)).toBe('apps.example.net');
    expect(reservedHostOf('notmason.dev', reserved)).toBeNull();
    expect(reservedHostOf('example.net', reserved)).toBeNull();
  });
});
