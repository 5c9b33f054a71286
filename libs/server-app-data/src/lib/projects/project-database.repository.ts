import { type Executor, projectDatabases, type ProjectDatabaseRow } from '@mason/server-db';
import { eq } from 'drizzle-orm';

/** The project's database row, or null while its database is off. */
export async function findProjectDatabase(
  db: Executor,
  projectId: string,
): Promise<ProjectDatabaseRow | null> {
  const [row] = await db
    .select()
    .from(projectDatabases)
    .where(eq(projectDatabases.projectId, projectId));
  return row ?? null;
}

/** Turns the built-in database on (a row that is there already stays as it is); the row. */
export async function insertBuiltInDatabase(
  db: Executor,
  projectId: string,
): Promise<ProjectDatabaseRow> {
  await db
    .insert(projectDatabases)
    .values({ projectId, provider: 'MASON' })
    .onConflictDoNothing({ target: projectDatabases.projectId });
  const row = await findProjectDatabase(db, projectId);
  if (!row) throw new Error(`The database row of project ${projectId} vanished as it was made.`);
  return row;
}
