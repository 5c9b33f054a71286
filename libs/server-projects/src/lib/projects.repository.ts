import { and, desc, eq, sql } from 'drizzle-orm';
import type { Project, ProjectStatus, ProjectType } from '@mason/contract';
import { isUuid, projects, tasks, users, type Executor, type ProjectRow } from '@mason/server-db';

/** The project's newest version, first task and state of work, which the API shows with it. */
export interface ProjectExtras {
  latestVersionId: string | null;
  firstTaskId: string | null;
  /** The task whose turn is queued or running on the project (null: the assistant is idle). */
  activeTaskId: string | null;
  /** The state of its most recently changed task (null: no task yet). */
  newestTaskState: string | null;
  /** That task's last turn completed without changing a file. */
  newestTaskUnchanged: boolean | null;
  /** The published app's name in its address while it is live (null: not published). */
  liveSlug: string | null;
  /** The newest version's summary and when it was made, as JSON (null: none past the starter). */
  lastChange: string | null;
  /** The version the project card's thumbnail shows (null: none yet). */
  thumbnailVersionId: string | null;
  /** An attached database service's summary as JSON (null: built-in database or none). */
  databaseSummary: string | null;
}

// Correlated subqueries: written out, because drizzle leaves columns unqualified inside sql``.
const latestVersionId = sql<string | null>`(
  select v.id from versions v where v.project_id = "projects"."id"
  order by v.index desc limit 1)`;
const firstTaskId = sql<string | null>`(
  select t.id from tasks t where t.project_id = "projects"."id"
  order by t.created_at, t.id limit 1)`;
const activeTaskId = sql<string | null>`(
  select tt.task_id from task_turns tt join tasks t on t.id = tt.task_id
  where t.project_id = "projects"."id" and tt.status in ('QUEUED', 'RUNNING') limit 1)`;
const newestTaskState = sql<string | null>`(
  select t.state from tasks t where t.project_id = "projects"."id"
  order by t.updated_at desc, t.id limit 1)`;
const newestTaskUnchanged = sql<boolean | null>`(
  select t.unchanged from tasks t where t.project_id = "projects"."id"
  order by t.updated_at desc, t.id limit 1)`;
const liveSlug = sql<string | null>`(
  select s.slug from app_slugs s where s.project_id = "projects"."id" and s.retired_at is null
  and exists (select 1 from deployments d where d.project_id = "projects"."id" and d.status = 'LIVE'))`;
const lastChange = sql<string | null>`(
  select json_build_object('summary', v.summary, 'at', v.created_at)::text from versions v
  where v.project_id = "projects"."id" and v.index > 0
  order by v.index desc limit 1)`;
const thumbnailVersionId = sql<string | null>`(
  select pt.version_id from project_thumbnails pt where pt.project_id = "projects"."id")`;
const databaseSummary = sql<string | null>`(
  select pd.attachment_summary from project_databases pd where pd.project_id = "projects"."id")`;
const extras = {
  lastChange,
  thumbnailVersionId,
  latestVersionId,
  firstTaskId,
  activeTaskId,
  newestTaskState,
  newestTaskUnchanged,
  liveSlug,
  databaseSummary,
};

/**
 * Where a project stands, from its tasks: BUILDING while the assistant works on it, FAILED when
 * its newest task failed, READY otherwise. (CREATING is never the case: a project is made with
 * its starter app as the first version.)
 */
export function projectStatus(
  extras: Pick<ProjectExtras, 'activeTaskId' | 'newestTaskState'>,
): ProjectStatus {
  if (extras.activeTaskId !== null) return 'BUILDING';
  if (extras.newestTaskState === 'FAILED') return 'FAILED';
  return 'READY';
}

/** Where a project's preview and its published app are (apps/api knows the domains). */
export interface ProjectUrls {
  preview(projectId: string): string;
  app(slug: string): string;
}

/** The newest version past the starter, as the API shows it: what it changed and when. */
function lastChangeOf(json: string | null): Project['lastChange'] {
  if (!json) return null;
  const { summary, at } = JSON.parse(json) as { summary: string; at: string };
  return { summary, at: new Date(at).toISOString() };
}

export function toProject(row: ProjectRow, extras: ProjectExtras, urls: ProjectUrls): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ProjectType,
    status: projectStatus(extras),
    repositoryId: row.repositoryId,
    branch: row.branch,
    previewUrl: extras.latestVersionId ? urls.preview(row.id) : null,
    latestVersionId: extras.latestVersionId,
    liveUrl: extras.liveSlug ? urls.app(extras.liveSlug) : null,
    autoRepair: row.autoRepair,
    lastChange: lastChangeOf(extras.lastChange),
    noChanges:
      projectStatus(extras) === 'READY' &&
      extras.newestTaskState === 'COMPLETED' &&
      extras.newestTaskUnchanged === true,
    firstTaskId: extras.firstTaskId,
    thumbnailVersionId: extras.thumbnailVersionId,
    database: extras.databaseSummary
      ? (JSON.parse(extras.databaseSummary) as Project['database'])
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The user's projects, newest first, with what the API shows with each. */
export async function listProjects(db: Executor, userId: string) {
  return db
    .select({ project: projects, ...extras })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/** What the API shows with one project. */
export async function projectExtras(db: Executor, projectId: string): Promise<ProjectExtras> {
  const [row] = await db.select(extras).from(projects).where(eq(projects.id, projectId));
  return (
    row ?? {
      latestVersionId: null,
      firstTaskId: null,
      activeTaskId: null,
      newestTaskState: null,
      newestTaskUnchanged: null,
      liveSlug: null,
      lastChange: null,
      thumbnailVersionId: null,
    }
  );
}

/** The project, if it is the user's; null otherwise (another user's project looks like none). */
export async function findUserProject(
  db: Executor,
  userId: string,
  projectId: string,
): Promise<ProjectRow | null> {
  if (!isUuid(projectId)) return null;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  return row ?? null;
}

/** How many projects the person has. */
export async function countProjects(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(projects)
    .where(eq(projects.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * Holds the person's row until the transaction ends, so that two projects created at once are
 * counted one after the other against the plan's limit.
 */
export async function lockOwner(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertProject(
  db: Executor,
  values: {
    userId: string;
    name: string;
    description: string;
    /**
     * EXTERNAL: imported from a repository, on this branch (GitHub's id of the repository when it
     * came through the person's connection). INTERNAL by default.
     */
    imported?: { branch: string; repositoryId: string | null };
  },
): Promise<ProjectRow> {
  const { imported, ...fields } = values;
  const [row] = await db
    .insert(projects)
    .values({
      ...fields,
      type: imported ? 'EXTERNAL' : 'INTERNAL',
      branch: imported?.branch ?? null,
      repositoryId: imported?.repositoryId ?? null,
      status: 'READY',
    })
    .returning();
  return row as ProjectRow;
}

export async function updateProject(
  db: Executor,
  projectId: string,
  changes: { name?: string; description?: string },
): Promise<ProjectRow> {
  const [row] = await db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, projectId))
    .returning();
  return row as ProjectRow;
}

/** Deletes the project (its tasks, versions and files go with it); answers its tasks' ids. */
export async function deleteProject(db: Executor, projectId: string): Promise<string[]> {
  const taskIds = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.projectId, projectId));
  await db.delete(projects).where(eq(projects.id, projectId));
  return taskIds.map(({ id }) => id);
}
