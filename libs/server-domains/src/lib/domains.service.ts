import { randomBytes } from 'node:crypto';
import type { Domain, DomainsResponse } from '@mason/contract';
import type { DomainRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { checkDomainRecords, dnsRecordsFor, graceEndOf, nextState } from './domain-checks';
import { domainUrl, hostOf, isAtOrUnder, isDomainLike, reservedHostOf } from './domain-names';
import type { DomainsContext } from './domains-context';
import {
  activeDomainProject,
  countProjectDomains,
  deleteProjectDomain,
  domainsDue,
  findDomain,
  findProjectDomain,
  insertDomain,
  listProjectDomains,
  removeAbandonedClaim,
  saveCheck,
} from './domains.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A project may have this many domains (each is looked up over DNS in the background). */
export const MAX_DOMAINS_PER_PROJECT = 20;
/** A claim nobody verified for this long may be taken by another project. */
export const ABANDONED_CLAIM_DAYS = 7;
/** PENDING and FAILED domains are checked in the background this long after they were added or last verified. */
export const BACKGROUND_CHECK_DAYS = 7;
/** Domains checked per background round; the rest wait for the next round. */
const BATCH = 50;
/** Domains checked at once in a background round. */
const PARALLEL = 4;

/**
 * The project an ACTIVE custom domain serves: the port the public app host router (server-deploy)
 * asks for any Host that is not Mason's own.
 */
export interface CustomDomainsPort {
  /** The project `host` (a Host header: any case, perhaps with a port) serves, or null. */
  projectFor(host: string): Promise<string | null>;
}

/**
 * Custom domains: add one to a published project (PENDING, with the records to create), check its
 * records over DNS on demand and in the background (ACTIVE once they are all there), the project
 * an ACTIVE domain serves, and which names a reverse proxy may get a certificate for.
 */
export class DomainsService implements CustomDomainsPort {
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly ctx: DomainsContext) {}

  /** A project's domains, and whether it is published (the caller checked that it is theirs). */
  async list(projectId: string): Promise<Omit<DomainsResponse, 'planIncludesDomains'>> {
    const [rows, published] = await Promise.all([
      listProjectDomains(this.ctx.db, projectId),
      this.ctx.publishing.isPublished(projectId),
    ]);
    return { domains: rows.map((row) => this.toDomain(row)), published };
  }

  /** Adds a domain to a published project: PENDING, with a new token. */
  async add(projectId: string, domain: string): Promise<Domain> {
    const { db, config, publishing } = this.ctx;
    const reserved = reservedHostOf(domain, config.reservedHosts);
    if (reserved) {
      const message = `${domain} is one of Mason's own names (${reserved}). Use a domain of yours, like app.example.com.`;
      throw new RuleViolation('invalid', message, { domain: message });
    }
    if (!(await publishing.isPublished(projectId)))
      throw new RuleViolation(
        'conflict',
        'Publish the app before adding a domain: a domain shows the published app.',
      );
    const taken = await findDomain(db, domain);
    if (taken?.projectId === projectId)
      throw new RuleViolation('conflict', `${domain} is already added to this project.`, {
        domain: `${domain} is already added to this project.`,
      });
    if ((await countProjectDomains(db, projectId)) >= MAX_DOMAINS_PER_PROJECT)
      throw new RuleViolation(
        'conflict',
        `A project can have at most ${MAX_DOMAINS_PER_PROJECT} domains. Remove one first.`,
      );
    if (taken)
      await removeAbandonedClaim(db, domain, new Date(Date.now() - ABANDONED_CLAIM_DAYS * DAY_MS));
    const row = await insertDomain(db, {
      domain,
      projectId,
      token: `mason-verify-${randomBytes(16).toString('hex')}`,
    });
    if (!row) {
      const message = `${domain} belongs to another project. A domain can serve one project only: remove it there first.`;
      throw new RuleViolation('conflict', message, { domain: message });
    }
    this.ctx.log.info({ domain, projectId }, 'custom domain added');
    return this.toDomain(row);
  }

  /** Removes a project's domain: it stops serving the app at once. */
  async remove(projectId: string, domain: string): Promise<void> {
    if (!(await deleteProjectDomain(this.ctx.db, projectId, domain)))
      throw this.notOnProject(domain);
    this.ctx.log.info({ domain, projectId }, 'custom domain removed');
  }

  /** Checks a project's domain over DNS now and answers what was found. */
  async verify(projectId: string, domain: string): Promise<Domain> {
    const row = await findProjectDomain(this.ctx.db, projectId, domain);
    if (!row) throw this.notOnProject(domain);
    const saved = await this.check(row);
    if (!saved) throw this.notOnProject(domain);
    return this.toDomain(saved);
  }

  async projectFor(host: string): Promise<string | null> {
    const name = hostOf(host);
    if (!isDomainLike(name)) return null;
    return (await activeDomainProject(this.ctx.db, name)) ?? null;
  }

  /**
   * Whether a reverse proxy may get a certificate for `name`: an ACTIVE custom domain of a
   * project that is published now, or a LIVE app's current name `{slug}.{APPS_DOMAIN}`. Nothing
   * else (no retired slug, no name of a project never published or taken offline), so nobody can
   * make the proxy ask a certificate authority for names Mason does not serve.
   */
  async allowsCertificate(name: string): Promise<boolean> {
    const host = hostOf(name);
    if (!isDomainLike(host)) return false;
    const projectId = await activeDomainProject(this.ctx.db, host);
    if (projectId) return this.ctx.publishing.isPublished(projectId);
    const apps = hostOf(this.ctx.config.appsDomain);
    if (isAtOrUnder(host, apps) && host !== apps) {
      const slug = host.slice(0, -apps.length - 1);
      return !slug.includes('.') && this.ctx.publishing.servesSlug(slug);
    }
    return false;
  }

  /**
   * One background round: checks the domains due (every ACTIVE one, recent PENDING and FAILED
   * ones, none checked within half an interval, so several processes share the work).
   */
  async checkDue(now: Date = new Date()): Promise<number> {
    const intervalMs = Math.max(this.ctx.config.checkIntervalSeconds, 60) * 1000;
    const due = await domainsDue(this.ctx.db, {
      checkedBefore: new Date(now.getTime() - intervalMs / 2),
      recentSince: new Date(now.getTime() - BACKGROUND_CHECK_DAYS * DAY_MS),
      limit: BATCH,
    });
    const queue = [...due];
    const worker = async () => {
      for (let row = queue.shift(); row && !this.stopped; row = queue.shift()) {
        try {
          await this.check(row);
        } catch (error) {
          this.ctx.log.warn({ err: error, domain: row.domain }, 'custom domain check failed');
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    return due.length;
  }

  /** Starts the background checks (every config.checkIntervalSeconds; never with 0). */
  start(): void {
    const seconds = this.ctx.config.checkIntervalSeconds;
    if (seconds <= 0 || this.timer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.round) return;
      this.round = this.checkDue()
        .then(() => undefined)
        .catch((error: unknown) =>
          this.ctx.log.error({ err: error }, 'custom domain checks failed'),
        )
        .finally(() => {
          this.round = null;
        });
    }, seconds * 1000);
    // The checks never keep the process alive on their own.
    this.timer.unref();
  }

  /** Stops the background checks: lookups in flight end, and their outcome is not stored. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.ctx.dns.cancel();
    await this.round;
  }

  /** Looks the domain's records up and stores the outcome; undefined when the claim is gone. */
  private async check(row: DomainRow): Promise<DomainRow | undefined> {
    const { config, db, dns, log } = this.ctx;
    const checks = await checkDomainRecords(dns, dnsRecordsFor(row.domain, row.token, config));
    // A lookup ended by stop() says nothing about the domain.
    if (this.stopped) return row;
    const now = new Date();
    const next = nextState(
      { status: row.status, verifiedAt: row.verifiedAt },
      checks.every((check) => check.ok),
      now,
      config.graceSeconds,
    );
    const saved = await saveCheck(db, row, { ...next, checks, checkedAt: now });
    if (saved && saved.status !== row.status)
      log.info(
        { domain: row.domain, projectId: row.projectId, from: row.status, to: saved.status },
        'custom domain state changed',
      );
    return saved;
  }

  private notOnProject(domain: string): RuleViolation {
    return new RuleViolation('not-found', `This project has no domain ${domain}.`);
  }

  private toDomain(row: DomainRow): Domain {
    const missing = row.checks.some((check) => !check.ok);
    const activeUntil =
      row.status === 'ACTIVE' && missing
        ? graceEndOf(row.verifiedAt, this.ctx.config.graceSeconds)
        : null;
    const { appsDomain, protocol } = this.ctx.config;
    return {
      domain: row.domain,
      url: domainUrl(row.domain, appsDomain, protocol),
      status: row.status,
      dnsRecords: dnsRecordsFor(row.domain, row.token, this.ctx.config),
      checks: row.checks,
      checkedAt: row.checkedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      activeUntil: activeUntil?.toISOString() ?? null,
    };
  }
}
