// Test rows: a user and a project to hang versions on (the versions table's foreign keys).
import { randomBytes } from 'node:crypto';
import { projects, users, type Database } from '@mason/server-db';

export async function insertProject(db: Database): Promise<{ userId: string; projectId: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email: `ada-${randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Ada',
      lastName: 'Lovelace',
    })
    .returning();
  const [project] = await db
    .insert(projects)
    .values({
      userId: user.id,
      name: 'Todo app',
      description: 'A small todo app',
      type: 'INTERNAL',
      status: 'READY',
    })
    .returning();
  return { userId: user.id, projectId: project.id };
}
