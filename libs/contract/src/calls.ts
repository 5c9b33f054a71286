import { JSON_BODY_LIMIT_BYTES } from './constants';
import { ApiRoutes } from './routes';
import { MESSAGE_BODY_LIMIT_BYTES } from './task-fields';
import { STATIC_FILE_MAX_BYTES, STATIC_FILES_MAX_COUNT } from './uploads';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may make a call:
 * - `public`: anyone (sign-up, login, the client's configuration);
 * - `session`: the bearer token of a live session, checked before the body is read, so a caller
 *   without one learns nothing about the body and costs no parsing;
 * - `link`: a signed link in the URL, made for a live session and dead once it ends (a code
 *   download, an attached image), for what a browser loads without a header.
 */
export type CallAuth = 'public' | 'session' | 'link';

/** The kinds of ids that name something of one person's (the cross-tenant matrix uses every kind). */
export type IdKind = 'project' | 'task' | 'version' | 'log' | 'blob' | 'staticFile' | 'envKey';

export interface CallSpec {
  readonly method: HttpMethod;
  /** Relative to API_PREFIX, with Fastify's `:param` segments (ApiRoutes). */
  readonly path: string;
  readonly auth: CallAuth;
  /** The largest request body accepted, in bytes; larger ones get 413 before they are read. */
  readonly bodyLimit: number;
  /**
   * Where the call takes ids of someone's things, and their kind: `params.id`, `query.projectId`,
   * `body.versionId`, `body.staticFiles[]` (every item of an array).
   */
  readonly ids?: Readonly<Record<string, IdKind>>;
  /** Served only in test and benchmark set-ups (EXPOSE_OUTBOX, BENCH_ROUTES), never in production. */
  readonly dev?: true;
}

/** A multipart part's headers and boundary, at most (busboy refuses longer headers). */
const MULTIPART_PART_OVERHEAD_BYTES = 16 * 1024;
/** POST /projects/:id/static-files: at most STATIC_FILES_MAX_COUNT files of STATIC_FILE_MAX_BYTES. */
export const STATIC_FILES_BODY_LIMIT_BYTES =
  STATIC_FILES_MAX_COUNT * (STATIC_FILE_MAX_BYTES + MULTIPART_PART_OVERHEAD_BYTES);

/** Calls without a body still get a limit: a stray body is refused before it is read. */
const NO_BODY = 1024;
const JSON_BODY = JSON_BODY_LIMIT_BYTES;

const project = { 'params.id': 'project' } as const;
const task = { 'params.id': 'task' } as const;

/**
 * Every call of Mason's API, once: its method, path, who may make it, how large its body may be,
 * and which of its parts name someone's things. The server registers each route against its entry
 * (a route without one does not start), and the security tests (the fuzzer, the cross-tenant
 * matrix) walk this table.
 */
export const ApiCalls = {
  getClientConfig: { method: 'GET', path: ApiRoutes.config, auth: 'public', bodyLimit: NO_BODY },
  joinWaitlist: { method: 'POST', path: ApiRoutes.waitlist, auth: 'public', bodyLimit: JSON_BODY },
  login: { method: 'POST', path: ApiRoutes.authorize, auth: 'public', bodyLimit: JSON_BODY },
  loginWithGoogle: {
    method: 'POST',
    path: ApiRoutes.authorizeGoogle,
    auth: 'public',
    bodyLimit: JSON_BODY,
  },
  logout: { method: 'POST', path: ApiRoutes.logout, auth: 'session', bodyLimit: NO_BODY },
  requestPasswordReset: {
    method: 'POST',
    path: ApiRoutes.passwordReset,
    auth: 'public',
    bodyLimit: JSON_BODY,
  },
  resetPassword: {
    method: 'POST',
    path: ApiRoutes.passwordResetConfirm,
    auth: 'public',
    bodyLimit: JSON_BODY,
  },
  verifyEmail: {
    method: 'POST',
    path: ApiRoutes.verifyEmail,
    auth: 'public',
    bodyLimit: JSON_BODY,
  },
  resendVerificationEmail: {
    method: 'POST',
    path: ApiRoutes.resendVerification,
    auth: 'session',
    bodyLimit: NO_BODY,
  },
  signup: { method: 'POST', path: ApiRoutes.users, auth: 'public', bodyLimit: JSON_BODY },
  getCurrentUser: {
    method: 'GET',
    path: ApiRoutes.currentUser,
    auth: 'session',
    bodyLimit: NO_BODY,
  },
  updateCurrentUser: {
    method: 'PUT',
    path: ApiRoutes.currentUser,
    auth: 'session',
    bodyLimit: JSON_BODY,
  },
  getActiveSubscription: {
    method: 'GET',
    path: ApiRoutes.activeSubscription,
    auth: 'session',
    bodyLimit: NO_BODY,
  },
  getModels: { method: 'GET', path: ApiRoutes.models, auth: 'public', bodyLimit: NO_BODY },

  // Projects
  getProjects: { method: 'GET', path: ApiRoutes.projects, auth: 'session', bodyLimit: NO_BODY },
  createProject: {
    method: 'POST',
    path: ApiRoutes.projects,
    auth: 'session',
    bodyLimit: MESSAGE_BODY_LIMIT_BYTES,
  },
  getProject: {
    method: 'GET',
    path: ApiRoutes.project,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  updateProject: {
    method: 'PUT',
    path: ApiRoutes.project,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: project,
  },
  deleteProject: {
    method: 'DELETE',
    path: ApiRoutes.project,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getProjectStatus: {
    method: 'GET',
    path: ApiRoutes.projectStatus,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getProjectFilePaths: {
    method: 'GET',
    path: ApiRoutes.projectFilePaths,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getProjectFiles: {
    method: 'GET',
    path: ApiRoutes.projectFiles,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getProjectPreview: {
    method: 'GET',
    path: ApiRoutes.projectPreview,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getProjectCode: {
    method: 'GET',
    path: ApiRoutes.projectCode,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  downloadProjectCode: {
    method: 'GET',
    path: ApiRoutes.projectCodeDownload,
    auth: 'link',
    bodyLimit: NO_BODY,
    ids: project,
  },
  getEnvVariables: {
    method: 'GET',
    path: ApiRoutes.projectEnv,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: project,
  },
  setEnvVariable: {
    method: 'POST',
    path: ApiRoutes.projectEnv,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: project,
  },
  deleteEnvVariable: {
    method: 'DELETE',
    path: ApiRoutes.projectEnvVariable,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: { 'params.id': 'project', 'params.key': 'envKey' },
  },
  uploadStaticFiles: {
    method: 'POST',
    path: ApiRoutes.projectStaticFiles,
    auth: 'session',
    bodyLimit: STATIC_FILES_BODY_LIMIT_BYTES,
    ids: project,
  },
  saveVisualEdits: {
    method: 'POST',
    path: ApiRoutes.projectVisualEdits,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { 'params.id': 'project', 'body.taskId': 'task', 'body.baseVersionId': 'version' },
  },

  // Tasks
  createTask: {
    method: 'POST',
    path: ApiRoutes.tasks,
    auth: 'session',
    bodyLimit: MESSAGE_BODY_LIMIT_BYTES,
    ids: { 'body.projectId': 'project', 'body.staticFiles[]': 'staticFile' },
  },
  getTasks: {
    method: 'GET',
    path: ApiRoutes.tasks,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: { 'query.projectId': 'project' },
  },
  getTask: { method: 'GET', path: ApiRoutes.task, auth: 'session', bodyLimit: NO_BODY, ids: task },
  pauseTask: {
    method: 'POST',
    path: ApiRoutes.taskPause,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: task,
  },
  resumeTask: {
    method: 'POST',
    path: ApiRoutes.taskResume,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: task,
  },
  archiveTask: {
    method: 'POST',
    path: ApiRoutes.taskArchive,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: task,
  },
  unarchiveTask: {
    method: 'POST',
    path: ApiRoutes.taskUnarchive,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: task,
  },
  getTaskVersions: {
    method: 'GET',
    path: ApiRoutes.taskVersions,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: task,
  },
  getTaskLogs: {
    method: 'GET',
    path: ApiRoutes.taskLogs,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: { 'params.id': 'task', 'query.afterLogId': 'log', 'query.beforeLogId': 'log' },
  },
  sendTaskMessage: {
    method: 'POST',
    path: ApiRoutes.taskLogs,
    auth: 'session',
    bodyLimit: MESSAGE_BODY_LIMIT_BYTES,
    ids: { 'params.id': 'task', 'body.staticFiles[]': 'staticFile' },
  },
  revertTask: {
    method: 'POST',
    path: ApiRoutes.taskRevert,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { 'params.id': 'task', 'body.versionId': 'version' },
  },
  answerTaskAction: {
    method: 'POST',
    path: ApiRoutes.taskAction,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { 'params.id': 'task', 'body.logId': 'log' },
  },
  rateTask: {
    method: 'POST',
    path: ApiRoutes.taskRate,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { 'params.id': 'task', 'body.logId': 'log', 'body.versionId': 'version' },
  },
  streamTaskEvents: {
    method: 'GET',
    path: ApiRoutes.taskEvents,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: { 'params.id': 'task', 'query.afterLogId': 'log' },
  },
  getBlob: {
    method: 'GET',
    path: ApiRoutes.blob,
    auth: 'link',
    bodyLimit: NO_BODY,
    ids: { 'params.hash': 'blob', 'query.task': 'task' },
  },

  // Test and benchmark set-ups only
  getOutbox: {
    method: 'GET',
    path: ApiRoutes.devOutbox,
    auth: 'public',
    bodyLimit: NO_BODY,
    dev: true,
  },
  benchBare: {
    method: 'GET',
    path: ApiRoutes.benchBare,
    auth: 'public',
    bodyLimit: NO_BODY,
    dev: true,
  },
  benchWriteFiles: {
    method: 'POST',
    path: ApiRoutes.benchFiles,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: project,
    dev: true,
  },
} as const satisfies Record<string, CallSpec>;

export type ApiCallName = keyof typeof ApiCalls;

/** The entry of a method and path (HEAD answers as GET), or undefined when the table has none. */
export function findApiCall(method: string, path: string): CallSpec | undefined {
  const wanted = method === 'HEAD' ? 'GET' : method;
  return Object.values(ApiCalls).find(
    (call: CallSpec) => call.method === wanted && call.path === path,
  );
}
