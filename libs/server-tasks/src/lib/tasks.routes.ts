import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  TaskConflictMessages,
  EnvKeySchema,
  taskCommands,
  type TaskLogOf,
  ApiCalls,
} from '@mason/contract';
import { taskLogs, tasks, versions, type Executor } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { TasksContext } from './tasks-context';
import { badRequest, conflict, notFound, requireSession, callRoute } from '@mason/server-http';
import { findOwnedProject, setEnvVariable } from '@mason/server-projects';
import { toTask, toTaskLog, toVersion } from './task-mapping';
import { announceVersion } from './version-entries';
import { logPresenter } from './image-links';
import { findLog, findOwnedTask, listLogs, seqOf, withTask } from './tasks.repository';
import { cancelQueuedTurn } from './turns';
import { assertWithinBudget } from './budget-guard';

export const tasksRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.route(
    callRoute(ApiCalls.createTask, async (request, reply) => {
      const { user } = await requireSession(request);
      const body = request.body;
      const project = await findOwnedProject(db, user.id, body.projectId);
      await assertWithinBudget(db, ctx.config, user.id);
      const service = ctx.loop.service;
      const prepared = await service.prepareMessage(db, project.id, {
        content: body.description,
        images: body.images,
        staticFiles: body.staticFiles,
      });
      const { task, turnId } = await db.transaction((tx) =>
        service.createTask(tx, prepared, {
          projectId: project.id,
          userId: user.id,
          description: body.description,
          model: body.model,
          branch: body.branch,
          repositoryId: body.repositoryId,
          additionalInstructions: body.additionalInstructions,
        }),
      );
      await service.wake(turnId);
      return reply.status(201).send(toTask(task));
    }),
  );

  app.route(
    callRoute(ApiCalls.getTasks, async (request) => {
      const { user } = await requireSession(request);
      const { projectId, repositoryId, states } = request.query;
      const filters: SQL[] = [eq(tasks.userId, user.id)];
      if (projectId !== undefined) {
        await findOwnedProject(db, user.id, projectId);
        filters.push(eq(tasks.projectId, projectId));
      }
      if (repositoryId !== undefined) filters.push(eq(tasks.repositoryId, repositoryId));
      if (states?.length) filters.push(inArray(tasks.state, states));
      const rows = await db
        .select()
        .from(tasks)
        .where(and(...filters))
        .orderBy(asc(tasks.createdAt));
      return { tasks: rows.reverse().map(toTask) };
    }),
  );

  app.route(
    callRoute(ApiCalls.getTask, async (request) => {
      const { user } = await requireSession(request);
      return toTask(await findOwnedTask(db, user.id, request.params.id));
    }),
  );

  app.route(
    callRoute(ApiCalls.pauseTask, async (request) => {
      const { user } = await requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      const { task } = await withTask(db, ctx.loop.bus, owned.id, async (writer) => {
        if (!taskCommands(asTask(writer.task)).pause) throw conflict(TaskConflictMessages.pause);
        await cancelQueuedTurn(writer.tx, writer.task.id);
        await writer.transition(writer.task.state as 'PENDING' | 'IN_PROGRESS', 'MANUAL');
      });
      ctx.loop.runner?.abortTask(task.id);
      return { task: toTask(task) };
    }),
  );

  app.route(
    callRoute(ApiCalls.resumeTask, async (request) => {
      const { user } = await requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      await assertWithinBudget(db, ctx.config, user.id);
      const { task, result: turnId } = await withTask(
        db,
        ctx.loop.bus,
        owned.id,
        async (writer) => {
          if (!taskCommands(asTask(writer.task)).resume)
            throw conflict(TaskConflictMessages.resume);
          await resolveOpenRequests(writer.tx, writer.task.id);
          const note =
            writer.task.pauseReason === 'MANUAL'
              ? 'The person paused you and has now resumed. Continue where you left off.'
              : 'The person asked you to try again. Continue where you left off.';
          const turnId = await ctx.loop.service.queueTurn(writer, 'RESUME', note);
          await writer.transition('IN_PROGRESS', null);
          return turnId;
        },
      );
      await ctx.loop.service.wake(turnId);
      return { task: toTask(task) };
    }),
  );

  for (const [call, target, allowed, message] of [
    [ApiCalls.archiveTask, 'ARCHIVED', 'archive', TaskConflictMessages.archive],
    [ApiCalls.unarchiveTask, 'COMPLETED', 'unarchive', TaskConflictMessages.unarchive],
  ] as const) {
    app.route(
      callRoute(call, async (request) => {
        const { user } = requireSession(request);
        const owned = await findOwnedTask(db, user.id, request.params.id);
        const { task } = await withTask(db, ctx.loop.bus, owned.id, async (writer) => {
          if (!taskCommands(asTask(writer.task))[allowed]) throw conflict(message);
          await cancelQueuedTurn(writer.tx, writer.task.id);
          await resolveOpenRequests(writer.tx, writer.task.id);
          await writer.transition(target, null);
        });
        return { task: toTask(task) };
      }),
    );
  }

  app.route(
    callRoute(ApiCalls.getTaskVersions, async (request) => {
      const session = await requireSession(request);
      const task = await findOwnedTask(db, session.user.id, request.params.id);
      const rows = await db
        .select()
        .from(versions)
        .where(and(eq(versions.projectId, task.projectId), eq(versions.taskId, task.id)))
        .orderBy(asc(versions.index));
      return { versions: rows.map((row) => toVersion(ctx.preview, row, session)) };
    }),
  );

  app.route(
    callRoute(ApiCalls.getTaskLogs, async (request) => {
      const session = await requireSession(request);
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
      const page = await listLogs(db, task.id, request.query);
      cursors.remember(task);
      return { ...page, logs: page.logs.map(logPresenter(ctx.links, session)) };
    }),
  );

  app.route(
    callRoute(ApiCalls.sendTaskMessage, async (request, reply) => {
      const session = await requireSession(request);
      const { user } = session;
      const task = await findOwnedTask(db, user.id, request.params.id);
      await assertWithinBudget(db, ctx.config, user.id);
      const sent = await ctx.loop.service.sendMessage(task, request.body);
      return reply.status(201).send({
        log: logPresenter(ctx.links, session)(toTaskLog(sent.log)) as TaskLogOf<'USER_MESSAGE'>,
        task: toTask(sent.task),
      });
    }),
  );

  app.route(
    callRoute(ApiCalls.revertTask, async (request) => {
      const session = await requireSession(request);
      const { user } = session;
      const owned = await findOwnedTask(db, user.id, request.params.id);
      const { versionId } = request.body;
      const store = ctx.loop.versions;
      const target = await store.getVersion(db, owned.projectId, versionId);
      if (!target) throw notFound('That version does not exist in this project.');
      const { task, result: version } = await withTask(
        db,
        ctx.loop.bus,
        owned.id,
        async (writer) => {
          const { state, pauseReason } = writer.task;
          const busy = (state === 'PENDING' || state === 'IN_PROGRESS') && pauseReason === null;
          if (busy || state === 'ARCHIVED') throw conflict(TaskConflictMessages.revert);
          const made = await store.revertTo(writer.tx, owned.projectId, target.id, {
            taskId: writer.task.id,
            summary: `Reverted to version ${target.index}`,
          });
          if (!made) throw notFound('That version does not exist in this project.');
          return announceVersion(writer, ctx.preview, made, `reverted to version ${target.index}`);
        },
      );
      return {
        task: toTask(task),
        version: toVersion(ctx.preview, version, session),
      };
    }),
  );

  app.route(
    callRoute(ApiCalls.runTaskAction, async (request) => {
      const { user } = await requireSession(request);
      const owned = await findOwnedTask(db, user.id, request.params.id);
      const { logId, params } = request.body;
      const entry = await findLog(db, owned.id, logId);
      if (!entry || entry.type !== 'NEEDS_ATTENTION') {
        throw notFound('That request does not exist in this task.');
      }
      const log = toTaskLog(entry) as TaskLogOf<'NEEDS_ATTENTION'>;
      const offered = log.payload.actions.find((action) => action.action === params.action);
      if (!offered) {
        throw badRequest(
          `This request can be answered with: ${log.payload.actions.map((a) => a.action).join(', ')}.`,
        );
      }
      let envValues: { key: string; value: string }[] = [];
      if (params.action === 'PROVIDE_VALUES') {
        const values = params.values ?? {};
        const fieldErrors: Record<string, string> = {};
        envValues = offered.fields.map((field) => ({
          key: field.name,
          value: values[field.name] ?? '',
        }));
        for (const { key, value } of envValues) {
          if (!z.safeParse(EnvKeySchema, key).success)
            fieldErrors[key] = 'Not a valid variable name.';
          else if (!value.trim()) fieldErrors[key] = 'Enter a value.';
        }
        if (Object.keys(fieldErrors).length) throw badRequest('Fill in every value.', fieldErrors);
      }
      if (params.action !== 'REJECT') await assertWithinBudget(db, ctx.config, user.id);
      const { task, result: turnId } = await withTask(
        db,
        ctx.loop.bus,
        owned.id,
        async (writer) => {
          const current = await findLog(writer.tx, owned.id, logId);
          if (!current || (current.payload as { resolved?: boolean }).resolved) {
            throw conflict(TaskConflictMessages.action);
          }
          await markResolved(writer.tx, owned.id, current.seq);
          for (const variable of envValues) {
            await setEnvVariable(writer.tx, ctx.secrets, owned.projectId, variable);
          }
          if (params.action === 'REJECT') {
            await writer.transition(
              writer.task.state === 'PENDING' || writer.task.state === 'IN_PROGRESS'
                ? 'COMPLETED'
                : (writer.task.state as 'COMPLETED'),
              null,
            );
            return null;
          }
          const note =
            params.action === 'PROVIDE_VALUES'
              ? `The person set the environment variables ${envValues.map((v) => v.key).join(', ')} for this project. The app reads them as import.meta.env.NAME. Continue with the work that needed them.`
              : 'The person said to go on. Continue where you left off.';
          const turnId = await ctx.loop.service.queueTurn(writer, 'ACTION', note);
          await writer.transition('IN_PROGRESS', null);
          return turnId;
        },
      );
      if (turnId) await ctx.loop.service.wake(turnId);
      return { task: toTask(task) };
    }),
  );

  app.route(
    callRoute(ApiCalls.rateTask, async (request) => {
      const { user } = await requireSession(request);
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
      await db
        .update(tasks)
        .set({ rating, ratingComment: comment || null })
        .where(eq(tasks.id, task.id));
      return { ok: true as const };
    }),
  );
};

/** The contract's view of a task row's state, for taskCommands. */
function asTask(row: { state: string; pauseReason: string | null }) {
  return row as Parameters<typeof taskCommands>[0];
}

async function markResolved(tx: Executor, taskId: string, seq: number) {
  await tx
    .update(taskLogs)
    .set({ payload: sql`jsonb_set(${taskLogs.payload}, '{resolved}', 'true'::jsonb)` })
    .where(and(eq(taskLogs.taskId, taskId), eq(taskLogs.seq, seq)));
}

/** Marks every open request of the task answered (a resume or an archive settles them). */
async function resolveOpenRequests(tx: Executor, taskId: string) {
  await tx
    .update(taskLogs)
    .set({ payload: sql`jsonb_set(${taskLogs.payload}, '{resolved}', 'true'::jsonb)` })
    .where(
      and(
        eq(taskLogs.taskId, taskId),
        eq(taskLogs.type, 'NEEDS_ATTENTION'),
        sql`(${taskLogs.payload}->>'resolved')::boolean = false`,
      ),
    );
}
