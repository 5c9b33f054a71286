import { ApiCalls } from '@mason/contract';
import { badRequest, callRoute, requireSession } from '@mason/server-http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { logPresenter } from './image-links';
import type { TasksContext } from './tasks-context';
import { findOwnedTask, listLogs, seqOf } from './tasks.repository';

/** GET /tasks/:id/logs: the newest page, a page before beforeLogId, or what came after afterLogId. */
export const taskLogsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (
  app,
  { ctx },
) => {
  const { db } = ctx;
  app.route(
    callRoute(ApiCalls.getTaskLogs, async (request) => {
      const session = requireSession(request);
      const { user } = session;
      const { afterLogId, beforeLogId } = request.query;
      for (const [name, id] of [
        ['afterLogId', afterLogId],
        ['beforeLogId', beforeLogId],
      ] as const) {
        if (id !== undefined && seqOf(id) < 0) {
          throw badRequest(`${name} is not a log id.`, { [name]: 'Not a log id.' });
        }
      }
      // A poll from the newest entry this process knows of: nothing new, no query.
      const { cursors } = ctx.loop;
      if (
        afterLogId !== undefined &&
        cursors.isHead(request.params.id, user.id, seqOf(afterLogId))
      ) {
        return { logs: [], hasMoreBefore: seqOf(afterLogId) > 0, hasMoreAfter: false };
      }
      const task = await findOwnedTask(db, user.id, request.params.id);
      const page = await listLogs(db, task, request.query);
      cursors.remember(task);
      return { ...page, logs: page.logs.map(logPresenter(ctx.links, session)) };
    }),
  );
};
