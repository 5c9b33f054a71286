import type { DnsRecord, DomainCheck, DomainStatus } from '@mason/contract';
import { type DnsLookup, DnsLookupError } from './dns-lookup';
import { challengeName, hostOf } from './domain-names';
import type { DomainsConfig } from './domains-context';

type PointingConfig = Pick<DomainsConfig, 'appsDomain' | 'appsIpv4' | 'appsIpv6'>;

/**
 * The records a person creates for a domain: the TXT record holding its token, and the record
 * pointing the domain at Mason: A/AAAA to the configured addresses when there are some (they work
 * for a bare domain too), else a CNAME to APPS_DOMAIN's host (never to the app's own name, so
 * changing a slug never breaks a domain).
 */
export function dnsRecordsFor(domain: string, token: string, config: PointingConfig): DnsRecord[] {
  const records: DnsRecord[] = [{ type: 'TXT', name: challengeName(domain), value: token }];
  if (config.appsIpv4) records.push({ type: 'A', name: domain, value: config.appsIpv4 });
  if (config.appsIpv6) records.push({ type: 'AAAA', name: domain, value: config.appsIpv6 });
  if (!config.appsIpv4 && !config.appsIpv6)
    records.push({ type: 'CNAME', name: domain, value: hostOf(config.appsDomain) });
  return records;
}

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(', ');
const listed = (values: readonly string[]) => values.join(', ');

async function lookup<T>(
  ask: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; detail: string }> {
  try {
    return { ok: true, value: await ask() };
  } catch (error) {
    if (error instanceof DnsLookupError) return { ok: false, detail: error.message };
    throw error;
  }
}

async function checkTxt(dns: DnsLookup, record: DnsRecord): Promise<DomainCheck> {
  const base = { type: record.type, name: record.name };
  const answer = await lookup(() => dns.txt(record.name));
  if (!answer.ok) return { ...base, ok: false, detail: answer.detail };
  if (answer.value.includes(record.value))
    return { ...base, ok: true, detail: 'Found, with the right value.' };
  if (answer.value.length === 0) return { ...base, ok: false, detail: 'No TXT record found.' };
  return {
    ...base,
    ok: false,
    detail: `Found ${quoted(answer.value)}, not the value to set.`,
  };
}

async function checkCname(dns: DnsLookup, record: DnsRecord): Promise<DomainCheck> {
  const base = { type: record.type, name: record.name };
  const target = record.value;
  const answer = await lookup(() => dns.cname(record.name));
  if (!answer.ok) return { ...base, ok: false, detail: answer.detail };
  if (answer.value.includes(target)) return { ...base, ok: true, detail: `Points at ${target}.` };
  if (answer.value.length > 0)
    return {
      ...base,
      ok: false,
      detail: `Points at ${listed(answer.value)}, not ${target}.`,
    };
  // No CNAME: a DNS host that flattens a CNAME at a bare domain (ALIAS, ANAME) answers the
  // target's addresses instead. The same addresses as APPS_DOMAIN's count as pointing at it.
  const addresses = await lookup(async () => [
    ...(await dns.ipv4(record.name)),
    ...(await dns.ipv6(record.name)),
  ]);
  if (addresses.ok && addresses.value.length > 0) {
    const mason = await lookup(async () => [
      ...(await dns.ipv4(target)),
      ...(await dns.ipv6(target)),
    ]);
    const ours = new Set(mason.ok ? mason.value : []);
    if (addresses.value.every((address) => ours.has(address)))
      return {
        ...base,
        ok: true,
        detail: `Answers the addresses of ${target} (${listed(addresses.value)}).`,
      };
    return {
      ...base,
      ok: false,
      detail: `No CNAME record; the domain answers ${listed(addresses.value)}, which are not ${target}'s.`,
    };
  }
  return { ...base, ok: false, detail: 'No CNAME record found.' };
}

/**
 * An A or AAAA record: every address the domain answers must be Mason's (a second address
 * elsewhere would send some visitors away). An AAAA record is optional next to an A record: a
 * domain without one is reached over IPv4.
 */
async function checkAddress(
  dns: DnsLookup,
  record: DnsRecord,
  optional: boolean,
): Promise<DomainCheck> {
  const base = { type: record.type, name: record.name };
  const answer = await lookup(() =>
    record.type === 'A' ? dns.ipv4(record.name) : dns.ipv6(record.name),
  );
  if (!answer.ok) return { ...base, ok: false, detail: answer.detail };
  const found = answer.value;
  if (found.length === 0)
    return optional
      ? {
          ...base,
          ok: true,
          detail: `No ${record.type} record (optional: visitors use the A record).`,
        }
      : { ...base, ok: false, detail: `No ${record.type} record found.` };
  const others = found.filter((address) => address !== record.value);
  if (others.length === 0) return { ...base, ok: true, detail: `Points at ${record.value}.` };
  return {
    ...base,
    ok: false,
    detail: found.includes(record.value)
      ? `Also points at ${listed(others)}: remove ${others.length === 1 ? 'it' : 'them'}.`
      : `Points at ${listed(found)}, not ${record.value}.`,
  };
}

/** Looks up every record of a domain over DNS: one check per record, in the same order. */
export async function checkDomainRecords(
  dns: DnsLookup,
  records: readonly DnsRecord[],
): Promise<DomainCheck[]> {
  const hasA = records.some((record) => record.type === 'A');
  return Promise.all(
    records.map((record) => {
      switch (record.type) {
        case 'TXT':
          return checkTxt(dns, record);
        case 'CNAME':
          return checkCname(dns, record);
        case 'A':
        case 'AAAA':
          return checkAddress(dns, record, record.type === 'AAAA' && hasA);
      }
    }),
  );
}

export interface DomainState {
  status: DomainStatus;
  verifiedAt: Date | null;
}

/**
 * A domain's state after a check. Every record found: ACTIVE, verified now. Otherwise a PENDING
 * domain stays PENDING, and an ACTIVE one stays ACTIVE (still served) until `graceSeconds` after
 * its records were last all found, then becomes FAILED (no longer served, no new certificate)
 * until they are back.
 *
 * Why a grace period rather than FAILED at once: a failed check is far more often a passing DNS
 * trouble (a time-out, a resolver outage, a move between DNS hosts that briefly serves an empty
 * zone) than a domain that left; taking a live site offline for one bad answer would hurt the
 * person more than serving a few more hours. It costs nothing in safety: while the records point
 * elsewhere no visitor reaches Mason by that name, and no certificate authority validates it.
 */
export function nextState(
  current: DomainState,
  allFound: boolean,
  now: Date,
  graceSeconds: number,
): DomainState {
  if (allFound) return { status: 'ACTIVE', verifiedAt: now };
  if (current.status === 'PENDING') return current;
  const graceEnds = graceEndOf(current.verifiedAt, graceSeconds);
  if (current.status === 'ACTIVE' && graceEnds && now.getTime() < graceEnds.getTime())
    return current;
  return { status: 'FAILED', verifiedAt: current.verifiedAt };
}

/** When an ACTIVE domain whose records went missing stops being served. */
export function graceEndOf(verifiedAt: Date | null, graceSeconds: number): Date | null {
  return verifiedAt ? new Date(verifiedAt.getTime() + graceSeconds * 1000) : null;
}
