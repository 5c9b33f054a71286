import {
  ApiRoutes,
  type CreateTaskRequest,
  type OkResponse,
  type RateTaskRequest,
  type RevertTaskResponse,
  type SendTaskMessageRequest,
  type SendTaskMessageResponse,
  type Task,
  type TaskActionRequest,
  type TaskLogsQuery,
  type TaskLogsResponse,
  type TaskResponse,
  type TasksQuery,
  type TasksResponse,
  type TaskVersionsResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, toOk, whenOk } from '../api';
import { fillPath } from '../path';
import { LIST } from '../tags';

/** Calls on one task's sub-resources take the task's id as `taskId`. */
export interface TaskArgs {
  readonly taskId: string;
}

/** What a change of a task's state makes stale. */
const taskChanged = (taskId: string) =>
  [
    { type: 'Task' as const, id: taskId },
    { type: 'Task' as const, id: LIST },
    { type: 'TaskLog' as const, id: taskId },
  ] as const;

/** SPEC.md 7 tasks. */
export const tasksEndpoints = (build: ApiBuilder) => ({
  /** GET /tasks?projectId=&repositoryId=&states=A&states=B */
  getTasks: build.query<TasksResponse, TasksQuery | void>({
    query: (query) => ({ url: ApiRoutes.tasks, params: { ...query } }),
    providesTags: (result) => [
      { type: 'Task', id: LIST },
      ...(result?.tasks ?? []).map(({ id }) => ({ type: 'Task' as const, id })),
    ],
  }),
  /** GET /tasks/:id (ours: the /task/[id] screen needs one task). */
  getTask: build.query<Task, string>({
    query: (id) => fillPath(ApiRoutes.task, { id }),
    providesTags: (_result, _error, id) => [{ type: 'Task', id }],
  }),
  createTask: build.mutation<Task, CreateTaskRequest>({
    query: (body) => ({ url: ApiRoutes.tasks, method: 'POST', body }),
    invalidatesTags: whenOk(() => [{ type: 'Task', id: LIST }]),
  }),
  pauseTask: build.mutation<TaskResponse, string>({
    query: (id) => ({ url: fillPath(ApiRoutes.taskPause, { id }), method: 'POST' }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  resumeTask: build.mutation<TaskResponse, string>({
    query: (id) => ({ url: fillPath(ApiRoutes.taskResume, { id }), method: 'POST' }),
    invalidatesTags: whenOk((id) => taskChanged(id)),
  }),
  getTaskVersions: build.query<TaskVersionsResponse, string>({
    query: (id) => fillPath(ApiRoutes.taskVersions, { id }),
    providesTags: (_result, _error, id) => [
      { type: 'TaskVersion', id },
      { type: 'TaskVersion', id: LIST },
    ],
  }),
  /** GET /tasks/:id/logs?afterLogId=&beforeLogId=&limit= */
  getTaskLogs: build.query<TaskLogsResponse, TaskArgs & TaskLogsQuery>({
    query: ({ taskId, ...query }) => ({
      url: fillPath(ApiRoutes.taskLogs, { id: taskId }),
      params: query,
    }),
    providesTags: (_result, _error, { taskId }) => [{ type: 'TaskLog', id: taskId }],
  }),
  /**
   * POST /tasks/:id/logs with SPEC.md 3's message send payload. A failure toasts
   * 'Error sending message'. Success refreshes the task's logs and the tasks (SPEC.md 4).
   */
  sendTaskMessage: build.mutation<SendTaskMessageResponse, SendTaskMessageRequest & TaskArgs>({
    query: ({ taskId, ...body }) => ({
      url: fillPath(ApiRoutes.taskLogs, { id: taskId }),
      method: 'POST',
      body,
    }),
    invalidatesTags: whenOk(({ taskId }) => taskChanged(taskId)),
  }),
  /** POST /tasks/:id/revert: makes a new version equal to the chosen one. */
  revertTask: build.mutation<RevertTaskResponse, TaskArgs & { readonly versionId: string }>({
    query: ({ taskId, versionId }) => ({
      url: fillPath(ApiRoutes.taskRevert, { id: taskId }),
      method: 'POST',
      body: { versionId },
    }),
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
    query: ({ taskId, ...body }) => ({
      url: fillPath(ApiRoutes.taskAction, { id: taskId }),
      method: 'POST',
      body,
    }),
    invalidatesTags: whenOk(({ taskId }) => taskChanged(taskId)),
  }),
  rateTask: build.mutation<OkResponse, RateTaskRequest & TaskArgs>({
    query: ({ taskId, ...body }) => ({
      url: fillPath(ApiRoutes.taskRate, { id: taskId }),
      method: 'POST',
      body,
    }),
    transformResponse: toOk,
  }),
});

/** The tasks endpoints, injected into the one API slice when this module loads (code splitting). */
export const tasksApi = baseApi.injectEndpoints({ endpoints: tasksEndpoints });

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
  useRateTaskMutation,
} = tasksApi;
