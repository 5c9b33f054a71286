import { OkResponseSchema } from '../auth';
import { IdParamsSchema } from '../primitives';
import {
  ChangeAppSlugRequestSchema,
  CreateDeploymentRequestSchema,
  DeploymentQuerySchema,
  DeploymentResponseSchema,
  DeploymentSchema,
  DeploymentStateQuerySchema,
  RollbackDeploymentRequestSchema,
} from '../projects';
import { type CallSpec, JSON_BODY, NO_BODY, projectIds } from './call-spec';
import { deploymentCallRoutes } from './deployments-routes';

/** Publishing a project (SPEC.md 7's deployment calls, and what publishing needs besides). */
export const deploymentCalls = {
  getDeployment: {
    ...deploymentCallRoutes.getDeployment,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: projectIds,
    summary: "The project's newest deployment, the live one, its public address and history",
    description:
      'newApi=true selects the publishing pipeline; there is one, so leaving it out means the same. waitFor=<deployment id> answers once that deployment is LIVE or FAILED (at most 20 s later).',
    tag: 'projects',
    params: IdParamsSchema,
    query: DeploymentStateQuerySchema,
    response: DeploymentResponseSchema,
    errors: [401, 404],
  },
  deployProject: {
    ...deploymentCallRoutes.deployProject,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { ...projectIds, 'body.versionId': 'version' },
    summary: 'Publish a version (the newest by default): a production build, then served publicly',
    description:
      'Answers the QUEUED deployment at once; it builds in the background. What is served changes only when the build succeeds.',
    tag: 'projects',
    params: IdParamsSchema,
    query: DeploymentQuerySchema,
    body: CreateDeploymentRequestSchema,
    status: 201,
    response: DeploymentSchema,
    errors: [400, 401, 404],
  },
  rollbackDeployment: {
    ...deploymentCallRoutes.rollbackDeployment,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: { ...projectIds, 'body.deploymentId': 'deployment' },
    summary: 'Serve an earlier deployment again, at once, without building',
    tag: 'projects',
    params: IdParamsSchema,
    body: RollbackDeploymentRequestSchema,
    response: DeploymentSchema,
    errors: [400, 401, 404, 409],
  },
  unpublishProject: {
    ...deploymentCallRoutes.unpublishProject,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: projectIds,
    summary: 'Take the app offline (it can be published or rolled back again)',
    tag: 'projects',
    params: IdParamsSchema,
    response: OkResponseSchema,
    errors: [401, 404],
  },
  changeAppSlug: {
    ...deploymentCallRoutes.changeAppSlug,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: projectIds,
    summary: "Change the app's public address; the old one redirects for 30 days",
    description:
      'Only while the app is published (409 otherwise), at most APP_SLUG_CHANGES_PER_DAY (5) times a day per project (429 with Retry-After and when it can change again).',
    tag: 'projects',
    params: IdParamsSchema,
    body: ChangeAppSlugRequestSchema,
    response: DeploymentResponseSchema,
    errors: [400, 401, 404, 409, 429],
  },
} as const satisfies Record<string, CallSpec>;
