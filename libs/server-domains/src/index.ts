// Public API of @mason/server-domains: name every export.
export { createDnsLookup, DnsLookupError } from './lib/dns-lookup';
export type { DnsLookup, DnsLookupOptions } from './lib/dns-lookup';
export { CHALLENGE_LABEL, hostOf } from './lib/domain-names';
export { nextState } from './lib/domain-checks';
export type { DomainState } from './lib/domain-checks';
export type { DomainsConfig, DomainsContext, DomainsPublishingPort } from './lib/domains-context';
export { domainsRoutes } from './lib/domains.routes';
export type { DomainsRoutesContext } from './lib/domains.routes';
export {
  ABANDONED_CLAIM_DAYS,
  BACKGROUND_CHECK_DAYS,
  DomainsService,
  MAX_DOMAINS_PER_PROJECT,
} from './lib/domains.service';
export type { CustomDomainsPort } from './lib/domains.service';
export { publishingFromTables } from './lib/publishing-from-tables';
