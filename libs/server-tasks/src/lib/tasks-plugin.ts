import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blobsRoutes } from './blobs.routes';
import { modelsRoutes } from './models.routes';
import { taskEventsRoutes } from './task-events.routes';
import { taskLogsRoutes } from './task-logs.routes';
import type { TasksContext } from './tasks-context';
import { tasksRoutes } from './tasks.routes';
import { visualEditsRoutes } from './visual-edits.routes';

/** Every route of the tasks domain, built from the context apps/api composes. */
export const tasksPlugin: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, options) => {
  for (const routes of [
    modelsRoutes,
    visualEditsRoutes,
    tasksRoutes,
    taskLogsRoutes,
    taskEventsRoutes,
    blobsRoutes,
  ]) {
    await app.register(routes, options);
  }
};
