import { ApiCalls } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import { callRoute, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseBrowserService } from './database-browser.service';

export interface DatabaseBrowserRoutesContext {
  readonly db: Executor;
  readonly browser: DatabaseBrowserService;
}

/**
 * The workspace's Database view: /projects/:id/database/tables, .../tables/:table/rows (GET, PATCH),
 * .../users, .../migrations and .../sql, for the project's owner only.
 */
export const databaseBrowserRoutes: FastifyPluginAsyncZod<{
  ctx: DatabaseBrowserRoutesContext;
}> = async (app, { ctx }) => {
  const { db, browser } = ctx;

  app.route(
    callRoute(ApiCalls.getDatabaseTables, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { tables: await browser.tables(project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.getDatabaseRows, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return browser.rows(project.id, request.params.table, request.query);
    }),
  );

  app.route(
    callRoute(ApiCalls.updateDatabaseRow, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      const row = await browser.updateRow(
        project.id,
        request.params.table,
        request.body.key,
        request.body.values,
      );
      return { row };
    }),
  );

  app.route(
    callRoute(ApiCalls.getDatabaseUsers, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { users: await browser.users(project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.getDatabaseMigrations, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return { migrations: await browser.migrations(project.id) };
    }),
  );

  app.route(
    callRoute(ApiCalls.runDatabaseSql, async (request) => {
      const { user } = requireSession(request);
      const project = await findOwnedProject(db, user.id, request.params.id);
      return browser.runSql(project.id, request.body.sql);
    }),
  );
};
