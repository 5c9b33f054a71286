import type { AgentDatabase } from '@mason/server-agent';
import {
  appliedMigrations,
  applyMigrations,
  MigrationError,
  readAppSchema,
  type AppDatabase,
} from '@mason/server-app-data';
import type { AppData } from './app-data';

/**
 * The assistant's way into a project's development database (its tools: turn it on, read its
 * schema, apply the project's migration files), over the apps' databases of server-app-data.
 */
export function agentDatabase(apps: AppData, projectId: string): AgentDatabase {
  const development = <T>(work: (db: AppDatabase) => Promise<T>): Promise<T> =>
    apps.databases.use(projectId, 'development', work);
  return {
    enabled: () => apps.service.isEnabled(projectId),
    enable: async () => {
      await apps.service.enable(projectId);
    },
    schema: () => development((db) => db.asOwner((sql) => readAppSchema(sql))),
    appliedMigrations: async () =>
      (await development((db) => appliedMigrations(db))).map((migration) => migration.name),
    migrate: async (migrations) => {
      try {
        const { applied } = await development((db) => applyMigrations(db, migrations));
        return { ok: true, applied };
      } catch (error) {
        if (!(error instanceof MigrationError)) throw error;
        return { ok: false, file: error.file, line: error.line, message: error.sqlMessage };
      }
    },
  };
}
