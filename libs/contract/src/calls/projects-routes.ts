import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The projects calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const projectCallRoutes = {
  getProjects: { method: 'GET', path: ApiRoutes.projects },
  createProject: { method: 'POST', path: ApiRoutes.projects },
  getProject: { method: 'GET', path: ApiRoutes.project },
  updateProject: { method: 'PUT', path: ApiRoutes.project },
  deleteProject: { method: 'DELETE', path: ApiRoutes.project },
  getProjectStatus: { method: 'GET', path: ApiRoutes.projectStatus },
  getProjectFilePaths: { method: 'GET', path: ApiRoutes.projectFilePaths },
  getProjectFiles: { method: 'GET', path: ApiRoutes.projectFiles, timeout: 'fileListing' },
  getProjectPreview: { method: 'GET', path: ApiRoutes.projectPreview },
  getProjectCode: { method: 'GET', path: ApiRoutes.projectCode },
  downloadProjectCode: { method: 'GET', path: ApiRoutes.projectCodeDownload },
  getEnvVariables: { method: 'GET', path: ApiRoutes.projectEnv },
  setEnvVariable: { method: 'POST', path: ApiRoutes.projectEnv },
  deleteEnvVariable: { method: 'DELETE', path: ApiRoutes.projectEnvVariable },
  uploadStaticFiles: { method: 'POST', path: ApiRoutes.projectStaticFiles, timeout: 'upload' },
  applyVisualEdits: { method: 'POST', path: ApiRoutes.projectVisualEdits },
} as const satisfies Record<string, CallRoute>;
