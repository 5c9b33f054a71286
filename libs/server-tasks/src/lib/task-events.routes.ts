import { type TaskStreamEvent, ApiCalls } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TasksContext } from './tasks-context';
import { badRequest, openEventStream, requireSession, callRoute } from '@mason/server-http';
import type { TaskBusEvent } from './task-events';
import { logPresenter } from './image-links';
import { toTask } from './task-mapping';
import { findOwnedTask, listLogs, seqOf } from './tasks.repository';

/** A comment line every so often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 15_000;
/** Entries replayed per query while catching up. */
const CATCH_UP_PAGE = 200;

/**
 * GET /tasks/:id/events: the task's live stream (server-sent events). `log` events carry stored
 * entries with their id, so a client reconnecting with Last-Event-ID (or ?afterLogId=) gets
 * exactly the entries it missed; `delta` events carry the words of the answer being written;
 * `task` events the task's new state. The log (GET /tasks/:id/logs) stays the source of truth.
 */
export const taskEventsRoutes: FastifyPluginAsyncZod<{ ctx: TasksContext }> = async (
  app,
  { ctx },
) => {
  app.route(
    callRoute(ApiCalls.streamTaskEvents, async (request, reply) => {
      const session = await requireSession(request);
      const task = await findOwnedTask(ctx.db, session.user.id, request.params.id);
      const lastEventId = request.headers['last-event-id'];
      const from =
        (typeof lastEventId === 'string' && lastEventId) || request.query.afterLogId || '0';
      let lastSeq = seqOf(from);
      if (lastSeq < 0) throw badRequest('Last-Event-ID is not a log id.');

      const present = logPresenter(ctx.links, session);
      const raw = openEventStream(reply, 2000);
      const send = (event: TaskStreamEvent, id?: string) => {
        if (raw.destroyed) return;
        raw.write(
          `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
        );
      };

      // Entries after lastSeq, in order. Runs one at a time so nothing is sent twice.
      let catchingUp: Promise<void> = Promise.resolve();
      let pending = false;
      const catchUp = () => {
        if (pending) return catchingUp;
        pending = true;
        catchingUp = catchingUp
          .then(async () => {
            pending = false;
            for (;;) {
              const page = await listLogs(ctx.db, task, {
                afterLogId: String(lastSeq),
                limit: CATCH_UP_PAGE,
              });
              for (const log of page.logs) {
                send({ type: 'log', log: present(log) }, log.id);
                lastSeq = Number(log.id);
              }
              if (!page.hasMoreAfter || raw.destroyed) return;
            }
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, 'Could not send task log entries');
            raw.end();
          });
        return catchingUp;
      };

      // Subscribe before the first query, so no entry written in between is missed.
      let stateAnnounced = false;
      const unsubscribe = ctx.loop.bus.subscribe(task.id, (event: TaskBusEvent) => {
        if (event.type === 'logs') void catchUp();
        else if (event.type === 'delta') send(event);
        else if (event.type === 'task') {
          stateAnnounced = true;
          send({ type: 'task', task: event.task });
        }
      });
      const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
      const close = () => {
        clearInterval(keepalive);
        unsubscribe();
      };
      raw.on('close', close);
      ctx.streams.add(raw, session.id);
      // The task as it is now, at once: a turn that ended before the stream connected (or while
      // it was away) is not left looking as if it still runs. A state the bus announced since
      // the subscription is as new or newer, and wins.
      const current = await findOwnedTask(ctx.db, session.user.id, task.id).catch(() => null);
      if (current && !stateAnnounced) send({ type: 'task', task: toTask(current) });
      await catchUp();
    }),
  );
};
