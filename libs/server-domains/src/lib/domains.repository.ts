import { and, asc, count, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  appSlugs,
  deployments,
  type DomainCheck,
  type DomainRow,
  domains,
  type DomainStatusValue,
  type Executor,
} from '@mason/server-db';

/** A project's domains, oldest first. */
export function listProjectDomains(db: Executor, projectId: string): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(eq(domains.projectId, projectId))
    .orderBy(asc(domains.createdAt), asc(domains.domain));
}

export async function countProjectDomains(db: Executor, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(domains)
    .where(eq(domains.projectId, projectId));
  return row?.n ?? 0;
}

/** The row of a domain, whoever's it is. */
export async function findDomain(db: Executor, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.domain, domain));
  return row;
}

/** The row of a domain of one project. */
export async function findProjectDomain(
  db: Executor,
  projectId: string,
  domain: string,
): Promise<DomainRow | undefined> {
  const [row] = await db
    .select()
    .from(domains)
    .where(and(eq(domains.domain, domain), eq(domains.projectId, projectId)));
  return row;
}

/** Adds a PENDING domain; undefined when the domain is someone's already. */
export async function insertDomain(
  db: Executor,
  values: { domain: string; projectId: string; token: string },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .insert(domains)
    .values({ ...values, status: 'PENDING' })
    .onConflictDoNothing({ target: domains.domain })
    .returning();
  return row;
}

/**
 * Removes a claim nobody ever verified and that is older than `before`, so a name cannot be held
 * forever by someone who does not own it. True when one was removed.
 */
export async function removeAbandonedClaim(
  db: Executor,
  domain: string,
  before: Date,
): Promise<boolean> {
  const rows = await db
    .delete(domains)
    .where(
      and(
        eq(domains.domain, domain),
        isNull(domains.verifiedAt),
        eq(domains.status, 'PENDING'),
        lt(domains.createdAt, before),
      ),
    )
    .returning({ domain: domains.domain });
  return rows.length > 0;
}

/** Removes a project's domain; false when it has no such domain. */
export async function deleteProjectDomain(
  db: Executor,
  projectId: string,
  domain: string,
): Promise<boolean> {
  const rows = await db
    .delete(domains)
    .where(and(eq(domains.domain, domain), eq(domains.projectId, projectId)))
    .returning({ domain: domains.domain });
  return rows.length > 0;
}

/**
 * Stores the outcome of a check, only on the claim that was checked (same token): a domain removed
 * and added again meanwhile keeps its own state. Undefined when that claim is gone.
 */
export async function saveCheck(
  db: Executor,
  row: Pick<DomainRow, 'domain' | 'token'>,
  values: {
    status: DomainStatusValue;
    checks: DomainCheck[];
    checkedAt: Date;
    verifiedAt: Date | null;
  },
): Promise<DomainRow | undefined> {
  const [saved] = await db
    .update(domains)
    .set(values)
    .where(and(eq(domains.domain, row.domain), eq(domains.token, row.token)))
    .returning();
  return saved;
}

/** The project an ACTIVE domain serves. */
export async function activeDomainProject(
  db: Executor,
  domain: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ projectId: domains.projectId })
    .from(domains)
    .where(and(eq(domains.domain, domain), eq(domains.status, 'ACTIVE')));
  return row?.projectId;
}

/**
 * Domains due for a background check: every ACTIVE domain, and PENDING or FAILED ones added or
 * last verified since `recentSince` (older ones are checked on demand only), each not checked
 * since `checkedBefore`; least recently checked first.
 */
export function domainsDue(
  db: Executor,
  { checkedBefore, recentSince, limit }: { checkedBefore: Date; recentSince: Date; limit: number },
): Promise<DomainRow[]> {
  return db
    .select()
    .from(domains)
    .where(
      and(
        or(isNull(domains.checkedAt), lt(domains.checkedAt, checkedBefore)),
        or(
          eq(domains.status, 'ACTIVE'),
          and(
            inArray(domains.status, ['PENDING', 'FAILED']),
            or(gt(domains.createdAt, recentSince), gt(domains.verifiedAt, recentSince)),
          ),
        ),
      ),
    )
    .orderBy(sql`${domains.checkedAt} asc nulls first`, asc(domains.domain))
    .limit(limit);
}

/** Whether the project has a LIVE deployment (read from the deployments table). */
export async function hasLiveDeployment(db: Executor, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deployments.id })
    .from(deployments)
    .where(and(eq(deployments.projectId, projectId), eq(deployments.status, 'LIVE')))
    .limit(1);
  return row !== undefined;
}

/**
 * Whether a slug is the current one of a project with a LIVE deployment: a published app's name.
 * A retired slug, a slug of a project never published or taken offline, names no app served.
 */
export async function liveSlug(db: Executor, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ slug: appSlugs.slug })
    .from(appSlugs)
    .innerJoin(
      deployments,
      and(eq(deployments.projectId, appSlugs.projectId), eq(deployments.status, 'LIVE')),
    )
    .where(and(eq(appSlugs.slug, slug), isNull(appSlugs.retiredAt)))
    .limit(1);
  return row !== undefined;
}
