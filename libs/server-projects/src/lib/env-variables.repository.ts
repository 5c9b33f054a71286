import { and, asc, eq, sql } from 'drizzle-orm';
import type { EnvVariable } from '@mason/contract';
import { envVariables, type Executor } from '@mason/server-db';
import type { SecretBox } from './secret-box';

/** A project's environment variables, decrypted, sorted by key. */
export async function listEnvVariables(
  db: Executor,
  box: SecretBox,
  projectId: string,
): Promise<EnvVariable[]> {
  const rows = await db
    .select()
    .from(envVariables)
    .where(eq(envVariables.projectId, projectId))
    .orderBy(asc(envVariables.key));
  return rows.map((row) => ({ key: row.key, value: box.open(row.valueEncrypted) }));
}

/** Adds or replaces one variable. */
export async function setEnvVariable(
  db: Executor,
  box: SecretBox,
  projectId: string,
  { key, value }: EnvVariable,
): Promise<void> {
  const valueEncrypted = box.seal(value);
  await db
    .insert(envVariables)
    .values({ projectId, key, valueEncrypted })
    .onConflictDoUpdate({
      target: [envVariables.projectId, envVariables.key],
      set: { valueEncrypted, updatedAt: sql`now()` },
    });
}

/** False when there was no such variable. */
export async function deleteEnvVariable(db: Executor, projectId: string, key: string) {
  const rows = await db
    .delete(envVariables)
    .where(and(eq(envVariables.projectId, projectId), eq(envVariables.key, key)))
    .returning({ key: envVariables.key });
  return rows.length > 0;
}
