// Apps that remember (issue 34): which projects have a database of their own, and where it is.
import { check, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, updatedAt } from './columns';
import { ownerProjectId } from './projects';

/** Where a project's app keeps its data: Mason's built-in databases, or a service it attached. */
export const APP_DATABASE_PROVIDERS = ['MASON', 'SUPABASE', 'POSTGRES'] as const;
export type AppDatabaseProvider = (typeof APP_DATABASE_PROVIDERS)[number];

/**
 * A project whose database is on (a row per project; no row: the app has none). With `MASON`,
 * the databases themselves (development and production) live in the app-data store
 * (`@mason/server-app-data`), not here; an attached service's connection is `attachment`,
 * sealed with the server key. Deleting the project deletes the row.
 */
export const projectDatabases = pgTable(
  'project_databases',
  {
    projectId: ownerProjectId().primaryKey(),
    provider: text('provider').$type<AppDatabaseProvider>().notNull(),
    /** An attached service's URL, keys and password as sealed JSON; null for MASON. */
    attachment: text('attachment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('project_databases_provider', sql`${table.provider} in ('MASON', 'SUPABASE', 'POSTGRES')`),
  ],
);
export type ProjectDatabaseRow = typeof projectDatabases.$inferSelect;
