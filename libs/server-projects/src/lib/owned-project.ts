import type { Executor, ProjectRow } from '@mason/server-db';
import { notFound } from '@mason/server-http';
import { findUserProject } from './projects.repository';

export const PROJECT_NOT_FOUND = 'This project does not exist, or it is not yours.';

/**
 * For routes: the project, if it is the caller's; otherwise 404, so another user's project looks
 * like no project at all.
 */
export async function findOwnedProject(
  db: Executor,
  userId: string,
  projectId: string,
): Promise<ProjectRow> {
  const row = await findUserProject(db, userId, projectId);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return row;
}
