import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The tasks calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const taskCallRoutes = {
  createTask: { method: 'POST', path: ApiRoutes.tasks },
  getTasks: { method: 'GET', path: ApiRoutes.tasks },
  getTask: { method: 'GET', path: ApiRoutes.task },
  pauseTask: { method: 'POST', path: ApiRoutes.taskPause },
  resumeTask: { method: 'POST', path: ApiRoutes.taskResume },
  archiveTask: { method: 'POST', path: ApiRoutes.taskArchive },
  unarchiveTask: { method: 'POST', path: ApiRoutes.taskUnarchive },
  getTaskVersions: { method: 'GET', path: ApiRoutes.taskVersions },
  getTaskLogs: { method: 'GET', path: ApiRoutes.taskLogs },
  sendTaskMessage: { method: 'POST', path: ApiRoutes.taskLogs },
  revertTask: { method: 'POST', path: ApiRoutes.taskRevert },
  runTaskAction: { method: 'POST', path: ApiRoutes.taskAction },
  rateTask: { method: 'POST', path: ApiRoutes.taskRate },
  streamTaskEvents: { method: 'GET', path: ApiRoutes.taskEvents },
  getBlob: { method: 'GET', path: ApiRoutes.blob },
} as const satisfies Record<string, CallRoute>;
