import type { Database } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';
import type { DnsLookup } from './dns-lookup';

export interface DomainsConfig {
  /**
   * Where published apps live: `{slug}.{appsDomain}` (APPS_DOMAIN, perhaps with a port). A custom
   * domain's CNAME points at its host, so changing a slug never breaks a domain.
   */
  appsDomain: string;
  /** How visitors reach published apps (PUBLIC_URL's protocol); a domain is served on APPS_DOMAIN's port. */
  protocol: 'http:' | 'https:';
  /** APPS_IPV4 / APPS_IPV6: where A / AAAA records point instead of a CNAME; null: not offered. */
  appsIpv4: string | null;
  appsIpv6: string | null;
  /**
   * Hosts of Mason's own (its public URL's, the preview domain's, APPS_DOMAIN's): no custom domain
   * may be one of them or a name under one.
   */
  reservedHosts: readonly string[];
  /** The DNS servers asked (`host:port`, DNS_SERVERS); empty: the system's. */
  dnsServers: readonly string[];
  /** How often domains are checked again in the background; 0: never (only on demand). */
  checkIntervalSeconds: number;
  /** How long an ACTIVE domain keeps serving after its records went missing (see nextState). */
  graceSeconds: number;
}

/**
 * Publishing as domains need it (apps/api wires it; until server-deploy serves published apps,
 * to `publishingFromTables`, which reads the deployments and app_slugs tables).
 */
export interface DomainsPublishingPort {
  /** Whether the project has a LIVE deployment: only a published project may have domains. */
  isPublished(projectId: string): Promise<boolean>;
  /**
   * Whether `{slug}.{APPS_DOMAIN}` is a LIVE app's current name (a proxy may get it a
   * certificate): never a retired slug, nor one of a project never published or taken offline.
   */
  servesSlug(slug: string): Promise<boolean>;
}

/** What the domains service is built from (apps/api composes it). */
export interface DomainsContext {
  config: DomainsConfig;
  db: Database;
  log: FastifyBaseLogger;
  /** The DNS adapter (node:dns's Resolver on config.dnsServers). */
  dns: DnsLookup;
  publishing: DomainsPublishingPort;
}
