import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The code hosting calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const codeHostingCallRoutes = {
  getGithubIntegration: { method: 'GET', path: ApiRoutes.github },
  disconnectGithub: { method: 'POST', path: ApiRoutes.githubDisconnect },
  getGithubAuthorizeUrl: { method: 'GET', path: ApiRoutes.githubAuthorizeUrl },
  connectGithub: { method: 'POST', path: ApiRoutes.githubAccessCode },
  getGithubRepositories: { method: 'GET', path: ApiRoutes.githubRepositories },
  githubWebhook: { method: 'POST', path: ApiRoutes.githubWebhook },
  getProjectCodeHosting: { method: 'GET', path: ApiRoutes.projectCodeHosting },
  linkProjectRepository: { method: 'PUT', path: ApiRoutes.projectCodeHosting },
  unlinkProjectRepository: { method: 'DELETE', path: ApiRoutes.projectCodeHosting },
  createProjectRepository: { method: 'POST', path: ApiRoutes.projectCodeHostingRepository },
  syncProjectRepository: { method: 'POST', path: ApiRoutes.projectCodeHostingSync },
  getProjectCodeHostingConflict: { method: 'GET', path: ApiRoutes.projectCodeHostingConflict },
  resolveProjectCodeHostingConflict: {
    method: 'POST',
    path: ApiRoutes.projectCodeHostingConflict,
  },
} as const satisfies Record<string, CallRoute>;
