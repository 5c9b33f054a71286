import {
  projectRepositories,
  projects,
  users,
  versions,
  type Executor,
  type ConflictKeep,
  type ProjectRepositoryRow,
  type RepositoryConflict,
  type RepositoryMerge,
  type VersionManifest,
} from '@mason/server-db';
import { and, asc, eq, gt, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';

/** The link's columns a person chooses (the rest is the push's state). */
export type NewLink = Pick<
  ProjectRepositoryRow,
  | 'projectId'
  | 'userId'
  | 'repositoryId'
  | 'fullName'
  | 'cloneUrl'
  | 'htmlUrl'
  | 'branch'
  | 'internal'
>;

export async function findLink(
  db: Executor,
  projectId: string,
): Promise<ProjectRepositoryRow | null> {
  const [row] = await db
    .select()
    .from(projectRepositories)
    .where(eq(projectRepositories.projectId, projectId))
    .limit(1);
  return row ?? null;
}

/**
 * Links the project. A link to another repository or branch replaces the one before, and its
 * push starts over (nothing pushed there yet; a worker pushing the old link loses its claim); the
 * same repository and branch again keeps what was pushed.
 */
export async function saveLink(db: Executor, link: NewLink): Promise<ProjectRepositoryRow> {
  const [same] = await db
    .update(projectRepositories)
    .set({
      fullName: link.fullName,
      cloneUrl: link.cloneUrl,
      htmlUrl: link.htmlUrl,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(projectRepositories.projectId, link.projectId),
        eq(projectRepositories.userId, link.userId),
        eq(projectRepositories.repositoryId, link.repositoryId),
        eq(projectRepositories.branch, link.branch),
      ),
    )
    .returning();
  if (same) return same;
  const fresh = {
    pushedVersionId: null,
    pushedCommit: null,
    pushedAt: null,
    pushState: 'PENDING',
    attempts: 0,
    lastError: null,
    retryAt: null,
    workerId: null,
    leaseUntil: null,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(projectRepositories)
    .values({ ...link, ...fresh })
    .onConflictDoUpdate({ target: projectRepositories.projectId, set: { ...link, ...fresh } })
    .returning();
  return row as ProjectRepositoryRow;
}

export async function deleteLink(db: Executor, projectId: string): Promise<void> {
  await db.delete(projectRepositories).where(eq(projectRepositories.projectId, projectId));
}

/**
 * Asks for a sync now (pull what GitHub has, then push): a failed one too, with its attempts
 * counted afresh. PENDING is what makes the row claimable when no version waits.
 */
export async function requestPush(db: Executor, projectId: string): Promise<void> {
  await db
    .update(projectRepositories)
    .set({
      pushState: 'PENDING',
      mergeWaitingIndex: null,
      attempts: 0,
      lastError: null,
      retryAt: null,
      updatedAt: new Date(),
    })
    .where(eq(projectRepositories.projectId, projectId));
}

/**
 * Asks for a pull of the links to this repository (by the code host's id) and branch, unless a
 * failure waits for its person or its back-off; answers their projects.
 */
export async function requestPulls(
  db: Executor,
  repositoryId: string,
  branch: string,
): Promise<string[]> {
  const rows = await db
    .update(projectRepositories)
    .set({ pushState: 'PENDING', updatedAt: new Date() })
    .where(
      and(
        eq(projectRepositories.repositoryId, repositoryId),
        eq(projectRepositories.branch, branch),
        ne(projectRepositories.pushState, 'FAILED'),
      ),
    )
    .returning({ projectId: projectRepositories.projectId });
  return rows.map((row) => row.projectId);
}

/** The index of the newest version pushed (-1 when none). */
const pushedIndex = sql`coalesce((select ${versions.index} from ${versions} where ${versions.id} = ${projectRepositories.pushedVersionId}), -1)`;

/** The project has a version newer than the one pushed. */
const hasUnpushed = sql`exists (select 1 from ${versions} where ${versions.projectId} = ${projectRepositories.projectId} and ${versions.index} > ${pushedIndex})`;

const free = or(
  isNull(projectRepositories.leaseUntil),
  lt(projectRepositories.leaseUntil, sql`now()`),
);

/**
 * Nobody holds the row, it is not a failure waiting for the person or its back-off, and there is
 * work: versions to push, or a sync asked for (PENDING: a pull from the webhook or POST .../sync).
 */
/** A conflict waits for the person, but Mason made a version since it was looked at. */
const conflictOutdated = sql`${projectRepositories.conflict} is not null and exists (select 1 from ${versions} where ${versions.projectId} = ${projectRepositories.projectId} and ${versions.index} > coalesce((select v.index from ${versions} v where v.id::text = ${projectRepositories.conflict}->>'oursVersionId'), -1))`;

/** A merge waits for its conflict markers to go, and no version came since Mason looked. */
const waitingUnchanged = sql`${projectRepositories.mergeWaitingIndex} is not null and not exists (select 1 from ${versions} where ${versions.projectId} = ${projectRepositories.projectId} and ${versions.index} > ${projectRepositories.mergeWaitingIndex})`;

const claimable = and(
  free,
  or(
    ne(projectRepositories.pushState, 'FAILED'),
    and(isNotNull(projectRepositories.retryAt), lte(projectRepositories.retryAt, sql`now()`)),
    conflictOutdated,
  ),
  or(hasUnpushed, eq(projectRepositories.pushState, 'PENDING')),
  sql`not (${waitingUnchanged})`,
);

/** Projects with versions to push that no worker holds (the `git-push` queue's sweep). */
export async function claimablePushes(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ projectId: projectRepositories.projectId })
    .from(projectRepositories)
    .where(claimable)
    .orderBy(asc(projectRepositories.updatedAt))
    .limit(limit);
  return rows.map((row) => row.projectId);
}

/** Whether the project has versions its link has not pushed yet. */
export async function hasVersionsToPush(db: Executor, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ projectId: projectRepositories.projectId })
    .from(projectRepositories)
    .where(and(eq(projectRepositories.projectId, projectId), hasUnpushed));
  return Boolean(row);
}

/** Gives the project's row to `workerId` for `leaseMs` when `condition` holds; null otherwise. */
async function claimWhen(
  db: Executor,
  projectId: string,
  workerId: string,
  leaseMs: number,
  condition: SQL | undefined,
): Promise<ProjectRepositoryRow | null> {
  const [row] = await db
    .update(projectRepositories)
    .set({
      workerId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(and(eq(projectRepositories.projectId, projectId), condition))
    .returning();
  return row ?? null;
}

/** Claims the project's push for a worker until `leaseMs` from now; null when not claimable. */
export const claimPush = (db: Executor, projectId: string, workerId: string, leaseMs: number) =>
  claimWhen(db, projectId, workerId, leaseMs, claimable);

/**
 * Claims the project's row whatever its state, when no worker holds it (a pull the person asked
 * for by continuing a task); null when another worker holds it or nothing is linked.
 */
export const claimNow = (db: Executor, projectId: string, workerId: string, leaseMs: number) =>
  claimWhen(db, projectId, workerId, leaseMs, free);

/** The row let go of by the worker that held it. */
const released = () => ({ workerId: null, leaseUntil: null, updatedAt: new Date() });

const heldBy = (projectId: string, workerId: string) =>
  and(eq(projectRepositories.projectId, projectId), eq(projectRepositories.workerId, workerId));

/** The push reached the branch: the newest version pushed and its commit. */
export async function finishPushed(
  db: Executor,
  projectId: string,
  workerId: string,
  pushed: { versionId: string; commit: string } | null,
): Promise<boolean> {
  const rows = await db
    .update(projectRepositories)
    .set({
      ...(pushed && {
        pushedVersionId: pushed.versionId,
        pushedCommit: pushed.commit,
        pushedAt: new Date(),
      }),
      pushState: 'PUSHED',
      attempts: 0,
      lastError: null,
      retryAt: null,
      conflict: null,
      merges: null,
      mergeWaitingIndex: null,
      ...released(),
    })
    .where(heldBy(projectId, workerId))
    .returning({ projectId: projectRepositories.projectId });
  return rows.length > 0;
}

/** Lets go of the row with its work still to do (PENDING): the next round claims it again. */
export async function releaseClaim(db: Executor, projectId: string, workerId: string) {
  await db
    .update(projectRepositories)
    .set({ pushState: 'PENDING', ...released() })
    .where(heldBy(projectId, workerId));
}

/**
 * A merge waits for the assistant to take its conflict markers out: nothing can be pushed, and
 * the row sleeps until a version newer than `index` comes (or the person asks for a sync).
 */
export async function finishWaiting(
  db: Executor,
  projectId: string,
  workerId: string,
  index: number | null,
): Promise<void> {
  await db
    .update(projectRepositories)
    .set({
      pushState: 'PENDING',
      mergeWaitingIndex: index ?? -1,
      attempts: 0,
      lastError: null,
      retryAt: null,
      ...released(),
    })
    .where(heldBy(projectId, workerId));
}

/** A merge version was made: its commit gets `theirs` as a second parent; the conflict is over. */
export async function addMerge(
  db: Executor,
  projectId: string,
  workerId: string,
  merge: RepositoryMerge,
): Promise<boolean> {
  const rows = await db
    .update(projectRepositories)
    .set({
      merges: sql`coalesce(${projectRepositories.merges}, '[]'::jsonb) || ${JSON.stringify([merge])}::jsonb`,
      conflict: null,
      mergeWaitingIndex: null,
      updatedAt: new Date(),
    })
    .where(heldBy(projectId, workerId))
    .returning({ projectId: projectRepositories.projectId });
  return rows.length > 0;
}

/** Both sides changed the same files: FAILED until the person chooses (no retry on its own). */
export async function recordConflict(
  db: Executor,
  projectId: string,
  workerId: string,
  conflict: RepositoryConflict,
  error: string,
): Promise<void> {
  await db
    .update(projectRepositories)
    .set({
      pushState: 'FAILED',
      conflict,
      attempts: sql`${projectRepositories.attempts} + 1`,
      lastError: error,
      retryAt: null,
      ...released(),
    })
    .where(heldBy(projectId, workerId));
}

/**
 * The person's choice per file for the conflict with `theirs`: kept with it, and the row asks
 * for a sync, which applies it. False when the conflict is not that one any more.
 */
export async function saveChoices(
  db: Executor,
  projectId: string,
  theirs: string,
  choices: readonly { path: string; keep: ConflictKeep }[],
): Promise<boolean> {
  const rows = await db
    .update(projectRepositories)
    .set({
      conflict: sql`jsonb_set(${projectRepositories.conflict}, '{choices}', ${JSON.stringify(choices)}::jsonb)`,
      pushState: 'PENDING',
      attempts: 0,
      lastError: null,
      retryAt: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(projectRepositories.projectId, projectId),
        sql`${projectRepositories.conflict}->>'theirs' = ${theirs}`,
      ),
    )
    .returning({ projectId: projectRepositories.projectId });
  return rows.length > 0;
}

/** The push failed: why, and when to try again (null: when the person asks). */
export async function finishFailed(
  db: Executor,
  projectId: string,
  workerId: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(projectRepositories)
    .set({
      pushState: 'FAILED',
      attempts: sql`${projectRepositories.attempts} + 1`,
      lastError: error,
      retryAt,
      ...released(),
    })
    .where(heldBy(projectId, workerId));
}

/** A version the link has not pushed yet. */
export interface PendingVersion {
  readonly id: string;
  readonly index: number;
  readonly manifest: VersionManifest;
  readonly summary: string;
  readonly createdAt: Date;
}

/** The project's versions after the one pushed (all when none was), oldest first. */
export async function versionsAfter(
  db: Executor,
  projectId: string,
  pushedVersionId: string | null,
): Promise<PendingVersion[]> {
  const after = pushedVersionId
    ? sql`(select ${versions.index} from ${versions} where ${versions.id} = ${pushedVersionId})`
    : sql`-1`;
  return db
    .select({
      id: versions.id,
      index: versions.index,
      manifest: versions.manifest,
      summary: versions.summary,
      createdAt: versions.createdAt,
    })
    .from(versions)
    .where(and(eq(versions.projectId, projectId), gt(versions.index, after)))
    .orderBy(asc(versions.index));
}

/** Who owns the project now (null when it is gone). */
export async function projectOwner(db: Executor, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: projects.userId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row?.userId ?? null;
}

/** The person as a commit's co-author names them. */
export async function coAuthorOf(
  db: Executor,
  userId: string,
): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  return { name: `${row.firstName} ${row.lastName}`.trim(), email: row.email };
}

/**
 * Links a project imported from a repository of the person's GitHub account: its version 0 is
 * the imported commit, recorded as pushed there, so Mason's next version is a commit on top.
 */
export async function saveImportedLink(
  db: Executor,
  link: NewLink & { readonly versionId: string; readonly commit: string },
): Promise<void> {
  const { versionId, commit, ...columns } = link;
  await db.insert(projectRepositories).values({
    ...columns,
    pushedVersionId: versionId,
    pushedCommit: commit,
    pushedAt: new Date(),
    pushState: 'PUSHED',
  });
}
