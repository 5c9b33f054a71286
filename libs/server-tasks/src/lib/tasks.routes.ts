import { ApiCalls, type TaskLogOf } from '@mason/contract';
import { callRoute, notFound, requireSession } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertWithinBudget } from './budget-guard';
import { logPresenter } from './image-links';
import { TaskCommands } from './task-commands';
import { toTask, toTaskLog, toVersion } from './task-mapping';
import { listUserTasks, setRating, taskVersions } from './task-records.repository';
import type { TasksContext } from './tasks-context';
import { findLog, findOwnedTask } from './tasks.repository';

/** SPEC.md 7 tasks: create and list them, and what a person does to one (see task-commands.ts). */
export const tasksRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const commands = new TaskCommands(ctx);

  app.route(
    callRoute(ApiCalls.createTask, async (request, reply) => {
      const { user } = requireSession(request);
      const body = request.body;
      const project = await findOwnedProject(db, user.id, body.projectId);
      await assertWithinBudget(db, ctx.config.billing, user.id);
      const task = await ctx.loop.service.startTask(project.id, user.id, body);
      return reply.status(201).send(toTask(task));
    }),
  );

  app.route(
    callRoute(ApiCalls.getTasks, async (request) => {
      const { user } = requireSession(request);
      const { projectId } = request.query;
      if (projectId !== undefined) await findOwnedProject(db, user.id, projectId);
      return { tasks: (await listUserTasks(db, user.id, request.query)).map(toTask) };
    }),
  );

  app.route(
    callRoute(ApiCalls.getTask, async (request) => {
      const { user } = requireSession(request);
      return toTask(await findOwnedTask(db, user.id, request.params.id));
    }),
  );

  app.route(
    callRoute(ApiCalls.pauseTask, async (request) => {
      const { user } = requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      return { task: toTask(await commands.pause(owned.id)) };
    }),
  );

  app.route(
    callRoute(ApiCalls.resumeTask, async (request) => {
      const { user } = requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      await assertWithinBudget(db, ctx.config.billing, user.id);
      return { task: toTask(await commands.resume(owned.id)) };
    }),
  );

  for (const [call, archived] of [
    [ApiCalls.archiveTask, true],
    [ApiCalls.unarchiveTask, false],
  ] as const) {
    app.route(
      callRoute(call, async (request) => {
        const { user } = requireSession(request);
        const owned = await findOwnedTask(db, user.id, request.params.id);
        return { task: toTask(await commands.setArchived(owned.id, archived)) };
      }),
    );
  }

  app.route(
    callRoute(ApiCalls.getTaskVersions, async (request) => {
      const session = requireSession(request);
      const task = await findOwnedTask(db, session.user.id, request.params.id);
      const rows = await taskVersions(db, task);
      return { versions: rows.map((row) => toVersion(ctx.preview, row, session)) };
    }),
  );

  app.route(
    callRoute(ApiCalls.sendTaskMessage, async (request, reply) => {
      const session = requireSession(request);
      const task = await findOwnedTask(db, session.user.id, request.params.id);
      await assertWithinBudget(db, ctx.config.billing, session.user.id);
      const sent = await ctx.loop.service.sendMessage(task, request.body);
      return reply.status(201).send({
        log: logPresenter(ctx.links, session)(toTaskLog(sent.log)) as TaskLogOf<'USER_MESSAGE'>,
        task: toTask(sent.task),
      });
    }),
  );

  app.route(
    callRoute(ApiCalls.revertTask, async (request) => {
      const session = requireSession(request);
      const owned = await findOwnedTask(db, session.user.id, request.params.id);
      const { task, version, previous } = await commands.revert(owned, request.body.versionId);
      return {
        task: toTask(task),
        version: toVersion(ctx.preview, version, session),
        previous: previous && toVersion(ctx.preview, previous, session),
      };
    }),
  );

  app.route(
    callRoute(ApiCalls.runTaskAction, async (request) => {
      const { user } = requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      const prepared = await commands.prepareAction(owned, request.body.logId, request.body.params);
      if (prepared.action !== 'REJECT') await assertWithinBudget(db, ctx.config.billing, user.id);
      return { task: toTask(await commands.runAction(owned, prepared)) };
    }),
  );

  app.route(
    callRoute(ApiCalls.rateTask, async (request) => {
      const { user } = requireSession(request);
      const task = await findOwnedTask(db, user.id, request.params.id);
      const { rating, comment, logId, versionId } = request.body;
      if (logId !== undefined && !(await findLog(db, task.id, logId))) {
        throw notFound('That answer does not exist in this task.');
      }
      if (
        versionId !== undefined &&
        !(await ctx.loop.versions.getVersion(db, task.projectId, versionId))
      ) {
        throw notFound('That version does not exist in this project.');
      }
      await setRating(db, task.id, rating, comment || null);
      return { ok: true as const };
    }),
  );
};
