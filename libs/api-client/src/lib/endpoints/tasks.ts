import {
  taskCallRoutes,
  TASK_LOGS_DEFAULT_LIMIT,
  type CreateTaskRequest,
  type OkResponse,
  type RateTaskRequest,
  type RevertTaskResponse,
  type SendTaskMessageRequest,
  type SendTaskMessageResponse,
  type Task,
  type TaskActionRequest,
  type TaskLogOf,
  type TaskLogsQuery,
  type TaskResponse,
  type TaskStreamEvent,
  type TasksQuery,
  type TasksResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { callRequest } from '../call-request';
import { apiClientConfigOf } from '../config';
import { LIST } from '../tags';
import { watchTaskEvents } from '../task-events';
import {
  appendDraftText,
  mergeNewestPage,
  prependOlderPage,
  upsertLogs,
  type TaskLogFeed,
} from '../task-log-feed';

/** Calls on one task's sub-resources take the task's id as `taskId`. */
export interface TaskArgs {
  readonly taskId: string;
}

/**
 * GET /tasks/:id/logs arguments. `live: true` is the chat's feed: the newest page, kept up to
 * date by the task's event stream (entries, the words of the message being written, the
 * task's state), older pages merged in front by `loadOlderTaskLogs`.
 */
export type TaskLogsArgs = TaskArgs & TaskLogsQuery & { readonly live?: boolean };

/** The cache key of a task's live feed. */
export const liveTaskLogsArgs = (taskId: string): TaskLogsArgs => ({ taskId, live: true });

/** Unused feeds close their stream soon: a browser allows few open connections per host. */
const TASK_LOGS_KEEP_UNUSED_SECONDS = 5;

const isRunning = (task: Task) =>
  (task.state === 'PENDING' || task.state === 'IN_PROGRESS') && task.pauseReason === null;

/** What a change of a task's state makes stale. */
const taskChanged = (taskId: string) =>
  [
    { type: 'Task' as const, id: taskId },
    { type: 'Task' as const, id: LIST },
    { type: 'TaskLog' as const, id: taskId },
  ] as const;

/** Puts the task's new state into a cached list (or takes it out when the list's states no longer match). */
function replaceInList(list: TasksResponse, arg: TasksQuery | void, task: Task): void {
  const at = list.tasks.findIndex(({ id }) => id === task.id);
  if (at < 0) return;
  if (arg?.states && !arg.states.includes(task.state)) list.tasks.splice(at, 1);
  else list.tasks[at] = task;
}

/**
 * The task as its live stream last told of it, when that is newer than `task`: a fetch that
 * started before a change can answer after the stream reported the change, and must not undo it.
 */
function newerFromStream(state: unknown, task: Task): Task | null {
  const select = tasksApi.endpoints.getTaskLogs.select(liveTaskLogsArgs(task.id));
  const streamed = select(state as Parameters<typeof select>[0]).data?.latestTask;
  return streamed && Date.parse(streamed.updatedAt) > Date.parse(task.updatedAt) ? streamed : null;
}

/**
 * Whether the stream already told of the change a STATUS entry records: its task event (same
 * transaction, so the task's updatedAt is the entry's createdAt) came first, with that state.
 */
function toldOf(streamed: Task | undefined, status: TaskLogOf<'STATUS'>): boolean {
  return (
    streamed !== undefined &&
    Date.parse(streamed.updatedAt) >= Date.parse(status.createdAt) &&
    streamed.state === status.payload.state &&
    streamed.pauseReason === status.payload.pauseReason &&
    (streamed.noChanges ?? false) === (status.payload.noChanges ?? false)
  );
}

/** SPEC.md 7 tasks. */
export const tasksEndpoints = (build: ApiBuilder) => ({
  /** GET /tasks?projectId=&repositoryId=&states=A&states=B */
  getTasks: build.query<TasksResponse, TasksQuery | void>({
    query: (query) => callRequest(taskCallRoutes.getTasks, { query: { ...query } }),
    providesTags: (result) => [
      { type: 'Task', id: LIST },
      ...(result?.tasks ?? []).map(({ id }) => ({ type: 'Task' as const, id })),
    ],
    async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
      const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
      const newer = (data?.tasks ?? []).flatMap((task) => newerFromStream(getState(), task) ?? []);
      if (newer.length === 0) return;
      dispatch(
        tasksApi.util.updateQueryData('getTasks', arg, (list) => {
          for (const task of newer) replaceInList(list, arg, task);
        }),
      );
    },
  }),
  /** GET /tasks/:id (ours: the /task/[id] screen needs one task). */
  getTask: build.query<Task, string>({
    query: (id) => callRequest(taskCallRoutes.getTask, { params: { id } }),
    providesTags: (_result, _error, id) => [{ type: 'Task', id }],
    async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
      const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
      const newer = data && newerFromStream(getState(), data);
      if (newer) dispatch(tasksApi.util.upsertQueryData('getTask', id, newer));
    },
  }),
  createTask: build.mutation<Task, CreateTaskRequest>({
    query: (body) => callRequest(taskCallRoutes.createTask, { body }),
    invalidatesTags: whenOk(() => [{ type: 'Task', id: LIST }]),
  }),
  pauseTask: build.mutation<TaskResponse, string>({
    query: (id) => callRequest(taskCallRoutes.pauseTask, { params: { id } }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  resumeTask: build.mutation<TaskResponse, string>({
    query: (id) => callRequest(taskCallRoutes.resumeTask, { params: { id } }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  getTaskVersions: build.query<TaskVersionsResponse, string>({
    query: (id) => callRequest(taskCallRoutes.getTaskVersions, { params: { id } }),
    providesTags: (_result, _error, id) => [
      { type: 'TaskVersion', id },
      { type: 'TaskVersion', id: LIST },
    ],
  }),
  /**
   * GET /tasks/:id/logs?afterLogId=&beforeLogId=&limit=. With `live: true` the entry also streams
   * (see TaskLogsArgs); a refetch (e.g. after a send) merges the newest page into it.
   */
  getTaskLogs: build.query<TaskLogFeed, TaskLogsArgs>({
    query: ({ taskId, live: _live, ...query }) =>
      callRequest(taskCallRoutes.getTaskLogs, { params: { id: taskId }, query: query }),
    providesTags: (_result, _error, { taskId }) => [{ type: 'TaskLog', id: taskId }],
    keepUnusedDataFor: TASK_LOGS_KEEP_UNUSED_SECONDS,
    // A live feed keeps what it holds (older pages, drafts) and takes the newest page in.
    merge: (cached, page, { arg }) => (arg.live ? void mergeNewestPage(cached, page) : page),
    async onCacheEntryAdded(
      arg,
      {
        cacheDataLoaded,
        cacheEntryRemoved,
        updateCachedData,
        getCacheEntry,
        dispatch,
        getState,
        extra,
      },
    ) {
      if (!arg.live) return;
      try {
        await cacheDataLoaded;
      } catch {
        return; // removed before it ever loaded
      }
      const { taskId } = arg;
      const onEvent = (event: TaskStreamEvent) => {
        if (event.type === 'delta') {
          updateCachedData((feed) => appendDraftText(feed, event.draftId, event.text));
          return;
        }
        if (event.type === 'log') {
          const { log } = event;
          updateCachedData((feed) => upsertLogs(feed, [log]));
          // A change of state is read again from the server when the stream's own task event
          // for it was lost: the screens never disagree with it.
          if (log.type === 'STATUS' && !toldOf(getCacheEntry().data?.latestTask, log))
            dispatch(tasksApi.util.invalidateTags([{ type: 'Task', id: taskId }]));
          if (log.type === 'VERSION')
            dispatch(
              tasksApi.util.invalidateTags([
                { type: 'TaskVersion', id: taskId },
                'Project',
                'ProjectStatus',
                'ProjectFile',
                // A newer version than the live one: publishing offers "Update".
                'Deployment',
                // The turn may have turned the app's database on, or migrated it.
                'ProjectDatabase',
                'DatabaseData',
              ]),
            );
          return;
        }
        const { task } = event;
        // Kept on the feed: a task fetch that started before this change may answer after it.
        updateCachedData((feed) => void (feed.latestTask = task));
        dispatch(tasksApi.util.upsertQueryData('getTask', task.id, task));
        const state = getState() as Parameters<typeof tasksApi.util.selectCachedArgsForQuery>[0];
        for (const tasksArg of tasksApi.util.selectCachedArgsForQuery(state, 'getTasks')) {
          dispatch(
            tasksApi.util.updateQueryData('getTasks', tasksArg, (list) =>
              replaceInList(list, tasksArg, task),
            ),
          );
        }
        // A turn that ended leaves no message being written.
        if (!isRunning(task) && getCacheEntry().data?.drafts?.length)
          updateCachedData((feed) => void (feed.drafts = []));
      };
      let watching = true;
      const stop = watchTaskEvents({
        taskId,
        config: apiClientConfigOf(extra),
        getState,
        lastLogId: () => getCacheEntry().data?.logs.at(-1)?.id ?? null,
        onEvent,
        onLogs: (page) => updateCachedData((feed) => mergeNewestPage(feed, page)),
        onConnectionChange: (connection) =>
          watching &&
          updateCachedData((feed) => {
            feed.connection = connection;
            // Words of a message cut by the disconnection would read garbled: the stored
            // message replaces them when it arrives. (No words, no change: the chat's rows
            // stay the same objects, and its entries are not rendered again.)
            if (connection === 'live' && feed.drafts?.length) feed.drafts = [];
          }),
      });
      try {
        await cacheEntryRemoved;
      } finally {
        watching = false;
        stop();
      }
    },
  }),
  /**
   * POST /tasks/:id/logs with SPEC.md 3's message send payload. A failure toasts
   * 'Error sending message'. Success refreshes the task's logs and the tasks (SPEC.md 4).
   */
  sendTaskMessage: build.mutation<SendTaskMessageResponse, SendTaskMessageRequest & TaskArgs>({
    query: ({ taskId, ...body }) =>
      callRequest(taskCallRoutes.sendTaskMessage, { params: { id: taskId }, body }),
    invalidatesTags: whenOk(({ taskId }) => taskChanged(taskId)),
  }),
  /** POST /tasks/:id/revert: makes a new version equal to the chosen one. */
  revertTask: build.mutation<RevertTaskResponse, TaskArgs & { readonly versionId: string }>({
    query: ({ taskId, versionId }) =>
      callRequest(taskCallRoutes.revertTask, { params: { id: taskId }, body: { versionId } }),
    invalidatesTags: whenOk(({ taskId }, { version }) => [
      ...taskChanged(taskId),
      { type: 'TaskVersion', id: LIST },
      { type: 'Project', id: version.projectId },
      { type: 'ProjectStatus', id: version.projectId },
      { type: 'ProjectFile', id: version.projectId },
    ]),
  }),
  /** POST /tasks/:id/action: the answer to a NEEDS_ATTENTION log entry. */
  runTaskAction: build.mutation<TaskResponse, TaskActionRequest & TaskArgs>({
    query: ({ taskId, ...body }) =>
      callRequest(taskCallRoutes.runTaskAction, { params: { id: taskId }, body }),
    invalidatesTags: whenOk(({ taskId }) => taskChanged(taskId)),
  }),
  /** POST /tasks/:id/archive: puts a finished or paused task away (ARCHIVED). */
  archiveTask: build.mutation<TaskResponse, string>({
    query: (id) => callRequest(taskCallRoutes.archiveTask, { params: { id } }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  /** POST /tasks/:id/unarchive: brings an archived task back (COMPLETED). */
  unarchiveTask: build.mutation<TaskResponse, string>({
    query: (id) => callRequest(taskCallRoutes.unarchiveTask, { params: { id } }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  rateTask: build.mutation<OkResponse, RateTaskRequest & TaskArgs>({
    query: ({ taskId, ...body }) =>
      callRequest(taskCallRoutes.rateTask, { params: { id: taskId }, body }),
    transformResponse: toOk,
  }),
});

/** The tasks endpoints, injected into the one API slice when this module loads (code splitting). */
export const tasksApi = baseApi.injectEndpoints({ endpoints: tasksEndpoints });

/** The part of a store's state the tasks endpoints read. */
type TasksState = Parameters<ReturnType<typeof tasksApi.endpoints.getTaskLogs.select>>[0];

/**
 * Loads the page before the oldest entry of a task's live feed (GET logs?beforeLogId=) and puts
 * it in front. Resolves to false when there is nothing older (or no feed), true when a page came;
 * rejects with the ApiError when the page cannot be loaded.
 */
export function loadOlderTaskLogs(
  taskId: string,
  limit: number = TASK_LOGS_DEFAULT_LIMIT,
): ThunkAction<Promise<boolean>, unknown, unknown, UnknownAction> {
  return async (untypedDispatch, getState) => {
    // Any store with the api slice runs it: its state and dispatch are the slice's.
    const dispatch = untypedDispatch as ThunkDispatch<TasksState, unknown, UnknownAction>;
    const select = tasksApi.endpoints.getTaskLogs.select(liveTaskLogsArgs(taskId));
    const feed = select(getState() as TasksState).data;
    const oldest = feed?.logs[0];
    if (!feed || !oldest || !feed.hasMoreBefore) return false;
    const page = await dispatch(
      tasksApi.endpoints.getTaskLogs.initiate(
        { taskId, beforeLogId: oldest.id, limit },
        { subscribe: false, forceRefetch: true },
      ),
    ).unwrap();
    dispatch(
      tasksApi.util.updateQueryData('getTaskLogs', liveTaskLogsArgs(taskId), (cached) =>
        prependOlderPage(cached, page),
      ),
    );
    return true;
  };
}

export const {
  useGetTasksQuery,
  useLazyGetTasksQuery,
  useGetTaskQuery,
  useLazyGetTaskQuery,
  useCreateTaskMutation,
  usePauseTaskMutation,
  useResumeTaskMutation,
  useGetTaskVersionsQuery,
  useLazyGetTaskVersionsQuery,
  useGetTaskLogsQuery,
  useLazyGetTaskLogsQuery,
  useSendTaskMessageMutation,
  useRevertTaskMutation,
  useRunTaskActionMutation,
  useArchiveTaskMutation,
  useUnarchiveTaskMutation,
  useRateTaskMutation,
} = tasksApi;
