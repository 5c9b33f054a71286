import { and, desc, eq, sql } from 'drizzle-orm';
import type { Project, ProjectStatus, ProjectType } from '@mason/contract';
import { projects, type Executor, type ProjectRow } from '@mason/server-db';
import type { AppConfig } from '../config/app-config';
import { notFound } from '@mason/server-http';
import { previewUrl } from './preview-urls';

export const PROJECT_NOT_FOUND = 'This project does not exist, or it is not yours.';

/** The project's newest version and first task, which the API shows with it. */
interface ProjectExtras {
  latestVersionId: string | null;
  firstTaskId: string | null;
}

export function toProject(config: AppConfig, row: ProjectRow, extras: ProjectExtras): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type as ProjectType,
    status: row.status as ProjectStatus,
    repositoryId: row.repositoryId,
    branch: row.branch,
    previewUrl: extras.latestVersionId ? previewUrl(config, row.id) : null,
    latestVersionId: extras.latestVersionId,
    firstTaskId: extras.firstTaskId,
    database: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Correlated subqueries: written out, because drizzle leaves columns unqualified inside sql``.
const latestVersionId = sql<string | null>`(
  select v.id from versions v where v.project_id = "projects"."id"
  order by v.index desc limit 1)`;
const firstTaskId = sql<string | null>`(
  select t.id from tasks t where t.project_id = "projects"."id"
  order by t.created_at, t.id limit 1)`;

/** The user's projects, newest first, as the API answers them. */
export async function listProjects(db: Executor, config: AppConfig, userId: string) {
  const rows = await db
    .select({ project: projects, latestVersionId, firstTaskId })
    .from(projects)
    .where(eq(projects.userId, userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map(({ project, ...extras }) => toProject(config, project, extras));
}

/** The project, if it is the user's; otherwise 404 (another user's project looks like no project). */
export async function findOwnedProject(
  db: Executor,
  userId: string,
  projectId: string,
): Promise<ProjectRow> {
  if (!isUuid(projectId)) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}

export async function projectView(db: Executor, config: AppConfig, row: ProjectRow) {
  const [extras] = await db
    .select({ latestVersionId, firstTaskId })
    .from(projects)
    .where(eq(projects.id, row.id));
  return toProject(config, row, extras ?? { latestVersionId: null, firstTaskId: null });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are uuids: anything else names nothing (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** A project name from its description: the first words, at most 60 characters. */
export function nameFromDescription(description: string): string {
  const firstLine = description.trim().split(/\r?\n/)[0] ?? '';
  const words = firstLine.replace(/\s+/g, ' ').split(' ');
  let name = '';
  for (const word of words) {
    if ((name + ' ' + word).trim().length > 60) break;
    name = (name + ' ' + word).trim();
  }
  name = name || firstLine.slice(0, 60);
  return name.charAt(0).toUpperCase() + name.slice(1) || 'Untitled app';
}
