import {
  APP_SLUG_CHANGES_PER_DAY,
  appSlugChangeLimitMessage,
  AppSlugSchema,
  OLD_SLUG_REDIRECT_DAYS,
} from '@mason/contract';
import { appSlugs, type Executor, rateLimitEvents } from '@mason/server-db';
import { LimitReached, RuleViolation } from '@mason/server-http';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import * as z from 'zod/mini';

const MAX_SLUG = 63;
/** The rate_limit_events bucket of a project's name changes (key: the project's id). */
const SLUG_CHANGES = 'app-slug-change';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Tries of a numbered slug ('todo-app-2') before a random suffix is used. */
const NUMBERED_TRIES = 20;

/**
 * A slug made from a project's name: lower-case ASCII words joined by hyphens, cut to fit,
 * never reserved or starting with `p-` (those are the preview's). Always valid (AppSlugSchema).
 */
export function slugFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  let slug = words.slice(0, MAX_SLUG - 4).replace(/-+$/, '');
  if (slug.length < 3) slug = slug ? `${slug}-app` : 'my-app';
  if (!z.safeParse(AppSlugSchema, slug).success) slug = `app-${slug}`.slice(0, MAX_SLUG - 4);
  return slug;
}

/** A project's public name: its current slug, and where an old one leads. */
export interface SlugTarget {
  readonly projectId: string;
  /** The project's current slug; differs from the asked one when that one was retired. */
  readonly currentSlug: string;
}

/** The project's current slug, or null before its first publish. */
export async function currentSlug(db: Executor, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: appSlugs.slug })
    .from(appSlugs)
    .where(and(eq(appSlugs.projectId, projectId), isNull(appSlugs.retiredAt)));
  return row?.slug ?? null;
}

/** Frees slugs retired more than OLD_SLUG_REDIRECT_DAYS ago: anyone may take them again. */
async function releaseExpired(db: Executor): Promise<void> {
  await db
    .delete(appSlugs)
    .where(lt(appSlugs.retiredAt, sql`now() - make_interval(days => ${OLD_SLUG_REDIRECT_DAYS})`));
}

/** Takes `slug` for the project if nobody holds it; true when taken. */
async function claim(db: Executor, projectId: string, slug: string): Promise<boolean> {
  const inserted = await db
    .insert(appSlugs)
    .values({ slug, projectId })
    .onConflictDoNothing({ target: appSlugs.slug })
    .returning({ slug: appSlugs.slug });
  return inserted.length > 0;
}

/**
 * The project's current slug, made from its name on the first publish (numbered, then with a
 * random suffix, when taken). Call in the transaction that publishes.
 */
export async function ensureSlug(db: Executor, projectId: string, name: string): Promise<string> {
  const existing = await currentSlug(db, projectId);
  if (existing) return existing;
  await releaseExpired(db);
  const base = slugFromName(name);
  const candidates = [
    base,
    ...Array.from({ length: NUMBERED_TRIES }, (_, index) => `${base}-${index + 2}`),
  ];
  for (const candidate of candidates) {
    if (await claim(db, projectId, candidate)) return candidate;
  }
  for (;;) {
    const random = `${base}-${Math.random().toString(36).slice(2, 8)}`;
    if (await claim(db, projectId, random)) return random;
  }
}

/**
 * Seconds until the project may change its slug again, when it has changed it
 * APP_SLUG_CHANGES_PER_DAY times within the last day; null while it may.
 */
async function slugChangeRetryAfter(db: Executor, projectId: string, now: number) {
  // The APP_SLUG_CHANGES_PER_DAY-th newest change of the day: while it is in the day, no more.
  const [blocking] = await db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, SLUG_CHANGES),
        eq(rateLimitEvents.key, projectId),
        gt(rateLimitEvents.createdAt, new Date(now - DAY_MS)),
      ),
    )
    .orderBy(desc(rateLimitEvents.createdAt))
    .limit(1)
    .offset(APP_SLUG_CHANGES_PER_DAY - 1);
  return blocking
    ? Math.max(1, Math.ceil((blocking.createdAt.getTime() + DAY_MS - now) / 1000))
    : null;
}

/** Counts one change of the project's slug (and forgets its changes older than a day). */
async function countSlugChange(db: Executor, projectId: string, now: number): Promise<void> {
  await db
    .delete(rateLimitEvents)
    .where(
      and(
        eq(rateLimitEvents.bucket, SLUG_CHANGES),
        eq(rateLimitEvents.key, projectId),
        lt(rateLimitEvents.createdAt, new Date(now - DAY_MS)),
      ),
    );
  await db
    .insert(rateLimitEvents)
    .values({ bucket: SLUG_CHANGES, key: projectId, createdAt: new Date(now) });
}

/**
 * Gives the project a new slug. The old one stays the project's for OLD_SLUG_REDIRECT_DAYS
 * (it redirects to the new one) and nobody else may take it meanwhile. Taking back a slug the
 * project itself retired is allowed. A slug held by another project is a conflict. At most
 * APP_SLUG_CHANGES_PER_DAY changes a day (each holds a name for a month): then a LimitReached
 * that says when. Call in a transaction that holds the project's lock (the count stays true).
 */
export async function changeSlug(db: Executor, projectId: string, slug: string): Promise<void> {
  await releaseExpired(db);
  const [holder] = await db.select().from(appSlugs).where(eq(appSlugs.slug, slug));
  const old = await currentSlug(db, projectId);
  if (old === slug) return;
  if (holder && holder.projectId !== projectId) {
    throw new RuleViolation('conflict', 'That name is taken. Choose another.', {
      slug: 'That name is taken. Choose another.',
    });
  }
  const now = Date.now();
  const retryAfter = await slugChangeRetryAfter(db, projectId, now);
  if (retryAfter !== null) {
    const message = appSlugChangeLimitMessage(retryAfter);
    throw new LimitReached(message, retryAfter, { slug: message });
  }
  await countSlugChange(db, projectId, now);
  await db
    .update(appSlugs)
    .set({ retiredAt: sql`now()` })
    .where(and(eq(appSlugs.projectId, projectId), isNull(appSlugs.retiredAt)));
  if (holder) {
    await db.update(appSlugs).set({ retiredAt: null }).where(eq(appSlugs.slug, slug));
  } else {
    await db.insert(appSlugs).values({ slug, projectId });
  }
}

/**
 * The project a slug names, and its current slug: a current slug names itself; a slug retired
 * less than OLD_SLUG_REDIRECT_DAYS ago leads to the current one. Null for an unknown slug.
 */
export async function resolveSlug(db: Executor, slug: string): Promise<SlugTarget | null> {
  const [row] = await db
    .select({
      projectId: appSlugs.projectId,
      retiredAt: appSlugs.retiredAt,
      fresh: sql<boolean>`${appSlugs.retiredAt} > now() - make_interval(days => ${OLD_SLUG_REDIRECT_DAYS})`,
    })
    .from(appSlugs)
    .where(eq(appSlugs.slug, slug));
  if (!row) return null;
  if (row.retiredAt === null) return { projectId: row.projectId, currentSlug: slug };
  if (!row.fresh) return null;
  const current = await currentSlug(db, row.projectId);
  return current ? { projectId: row.projectId, currentSlug: current } : null;
}
