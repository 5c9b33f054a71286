import type { AgentDatabase } from '@mason/server-agent';
import { readAppSchema } from '@mason/server-app-data';
import type { AppData } from './app-data';

/**
 * The assistant's way into a project's development database (its tools: turn it on, read its
 * schema, apply the project's migration files), over the apps' databases of server-app-data.
 */
export function agentDatabase(apps: AppData, projectId: string): AgentDatabase {
  return {
    enabled: () => apps.service.isEnabled(projectId),
    enable: async () => {
      await apps.service.enable(projectId);
    },
    schema: () =>
      apps.databases.use(projectId, 'development', (db) => db.asOwner((sql) => readAppSchema(sql))),
    appliedMigrations: () => apps.service.appliedMigrations(projectId, 'development'),
    migrate: async (migrations) => {
      // The newest version keeps the data as it was before its first migration (time travel).
      if (await apps.service.hasPending(projectId, 'development', migrations))
        await apps.timeTravel.beforeMigrating(projectId);
      return apps.service.migrate(projectId, 'development', migrations);
    },
  };
}
