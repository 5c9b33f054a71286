import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The deployments calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const deploymentCallRoutes = {
  getDeployment: { method: 'GET', path: ApiRoutes.projectDeployment },
  deployProject: { method: 'POST', path: ApiRoutes.projectDeployment },
  rollbackDeployment: { method: 'POST', path: ApiRoutes.projectDeploymentRollback },
  unpublishProject: { method: 'DELETE', path: ApiRoutes.projectDeployment },
  changeAppSlug: { method: 'POST', path: ApiRoutes.projectDeploymentSlug },
} as const satisfies Record<string, CallRoute>;
