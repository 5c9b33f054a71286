import { planIncludes } from '@mason/server-billing';
import {
  createDnsLookup,
  DomainsService,
  publishingFromTables,
  type DomainsRoutesContext,
} from '@mason/server-domains';
import type { AppContext } from '../app-context';

/**
 * The custom domains service: its DNS adapter on DNS_SERVERS, Mason's own names (never a custom
 * domain), and publishing read from the deployments and app_slugs tables.
 */
export function domainsService(ctx: AppContext): DomainsService {
  const { config, db } = ctx;
  const { appsIpv4, appsIpv6, dnsServers, checkIntervalSeconds, graceSeconds } =
    config.customDomains;
  return new DomainsService({
    config: {
      appsDomain: config.appsDomain,
      protocol: config.appsProtocol,
      appsIpv4,
      appsIpv6,
      dnsServers,
      checkIntervalSeconds,
      graceSeconds,
      reservedHosts: [new URL(config.publicUrl).host, config.previewDomain, config.appsDomain],
    },
    db,
    log: ctx.log.child({ domain: 'custom-domains' }),
    dns: createDnsLookup({ servers: dnsServers }),
    publishing: publishingFromTables(db),
  });
}

/** The domains routes: adding a domain takes a plan with custom domains (billing's table). */
export function domainsRoutesContext(
  ctx: AppContext,
  domains: DomainsService,
): DomainsRoutesContext {
  return {
    db: ctx.db,
    domains,
    planIncludesDomains: (userId) =>
      planIncludes(ctx.db, ctx.config.billing, userId, 'customDomains'),
  };
}
