import type { DatabaseAttachment } from '@mason/contract';
import { type Executor, projectDatabases, type ProjectDatabaseRow } from '@mason/server-db';
import { eq, sql } from 'drizzle-orm';

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

/**
 * The project's database becomes an attached service, whatever it was: its credentials sealed,
 * and what may be shown of it (`summary`, no secret) as JSON.
 */
export async function saveAttachment(
  db: Executor,
  projectId: string,
  provider: 'SUPABASE' | 'POSTGRES',
  attachment: string,
  summary: DatabaseAttachment,
): Promise<void> {
  const attachmentSummary = JSON.stringify(summary);
  await db
    .insert(projectDatabases)
    .values({ projectId, provider, attachment, attachmentSummary })
    .onConflictDoUpdate({
      target: projectDatabases.projectId,
      set: { provider, attachment, attachmentSummary, updatedAt: sql`now()` },
    });
}

/** Puts the row back as it was (`row`), or deletes it (null: the database was off). */
export async function putProjectDatabase(
  db: Executor,
  projectId: string,
  row: Pick<ProjectDatabaseRow, 'provider' | 'attachment' | 'attachmentSummary'> | null,
): Promise<void> {
  if (!row) {
    await db.delete(projectDatabases).where(eq(projectDatabases.projectId, projectId));
    return;
  }
  await db
    .update(projectDatabases)
    .set({
      provider: row.provider,
      attachment: row.attachment,
      attachmentSummary: row.attachmentSummary,
      updatedAt: sql`now()`,
    })
    .where(eq(projectDatabases.projectId, projectId));
}
