import { ApiCalls } from '@mason/contract';
import { callRoute, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toVersion } from './task-mapping';
import type { TasksContext } from './tasks-context';
import { VisualEdits } from './visual-edits';

/** POST /projects/:id/visual-edits: the preview's edits as a new version (see visual-edits.ts). */
export const visualEditsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (
  app,
  { ctx },
) => {
  const visualEdits = new VisualEdits(ctx);
  app.route(
    callRoute(ApiCalls.applyVisualEdits, async (request) => {
      const session = requireSession(request);
      const project = await findOwnedProject(ctx.db, session.user.id, request.params.id);
      const version = await visualEdits.apply(project, request.body);
      return { version: toVersion(ctx.preview, version, session) };
    }),
  );
};
