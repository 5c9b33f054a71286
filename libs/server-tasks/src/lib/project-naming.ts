import { and, eq } from 'drizzle-orm';
import { nameFromDescription } from '@mason/contract';
import { projects, type Database } from '@mason/server-db';
import type { TurnTrigger } from './turns';

/** What the assistant is asked on a project's first turn while the project has Mason's name. */
export const NAME_PROJECT_NOTE =
  'This project still has the name Mason made from its description. Give it a short name a person would use (at most four words) with name_project, once, before you write files.';

/**
 * name_project for a turn: offered on a project's first turn (START) while the project has the
 * name Mason made from its description; null otherwise. It renames the project only while the
 * person has not renamed it meanwhile.
 */
export async function projectNamer(
  db: Database,
  projectId: string,
  trigger: TurnTrigger,
): Promise<((name: string) => Promise<string>) | null> {
  if (trigger !== 'START') return null;
  const [project] = await db
    .select({ name: projects.name, description: projects.description })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return null;
  const madeByMason = nameFromDescription(project.description);
  if (project.name !== madeByMason) return null;
  return async (name) => {
    const renamed = await db
      .update(projects)
      .set({ name, updatedAt: new Date() })
      .where(and(eq(projects.id, projectId), eq(projects.name, madeByMason)))
      .returning({ id: projects.id });
    return renamed.length > 0
      ? `The project is named “${name}”.`
      : 'The person has named the project meanwhile: it keeps their name.';
  };
}
