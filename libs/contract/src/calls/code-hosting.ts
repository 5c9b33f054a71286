import {
  GithubAccessCodeRequestSchema,
  GithubAuthorizeUrlQuerySchema,
  GithubAuthorizeUrlResponseSchema,
  GithubIntegrationResponseSchema,
  GithubRepositoriesQuerySchema,
  GithubRepositoriesResponseSchema,
  CreateProjectRepositoryRequestSchema,
  LinkProjectRepositoryRequestSchema,
  ProjectCodeHostingResponseSchema,
} from '../github';
import { IdParamsSchema } from '../primitives';
import { OkResponseSchema } from '../auth';
import {
  type CallSpec,
  JSON_BODY,
  NO_BODY,
  projectIds,
  WEBHOOK_BODY_LIMIT_BYTES,
} from './call-spec';
import { codeHostingCallRoutes } from './code-hosting-routes';

/**
 * Code hosting (SPEC.md 7's GitHub calls): a person's GitHub connection; and (ours) a project's
 * repository, where each of its versions is pushed as a commit.
 */
export const codeHostingCalls = {
  getGithubIntegration: {
    ...codeHostingCallRoutes.getGithubIntegration,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "The user's GitHub connection, or null",
    tag: 'github',
    response: GithubIntegrationResponseSchema,
  },
  disconnectGithub: {
    ...codeHostingCallRoutes.disconnectGithub,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'Forget the GitHub connection',
    tag: 'github',
    response: OkResponseSchema,
  },
  getGithubAuthorizeUrl: {
    ...codeHostingCallRoutes.getGithubAuthorizeUrl,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "Where to send the browser to authorize Mason's GitHub app",
    tag: 'github',
    query: GithubAuthorizeUrlQuerySchema,
    response: GithubAuthorizeUrlResponseSchema,
  },
  connectGithub: {
    ...codeHostingCallRoutes.connectGithub,
    auth: 'session',
    bodyLimit: JSON_BODY,
    summary: "Connect GitHub with the code of GitHub's redirect",
    tag: 'github',
    body: GithubAccessCodeRequestSchema,
    response: GithubIntegrationResponseSchema,
  },
  getGithubRepositories: {
    ...codeHostingCallRoutes.getGithubRepositories,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'The repositories the connection reaches, a page at a time',
    tag: 'github',
    query: GithubRepositoriesQuerySchema,
    response: GithubRepositoriesResponseSchema,
  },
  getProjectCodeHosting: {
    ...codeHostingCallRoutes.getProjectCodeHosting,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: projectIds,
    summary: "The project's repository and branch, and where pushing its versions stands",
    tag: 'github',
    params: IdParamsSchema,
    response: ProjectCodeHostingResponseSchema,
    errors: [401, 404],
  },
  linkProjectRepository: {
    ...codeHostingCallRoutes.linkProjectRepository,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: projectIds,
    summary: 'Push the project’s versions to a repository and branch of the connected account',
    description:
      'The connected account must be able to push to the repository; the branch may be new. 409 when GitHub is not connected. Each version becomes a commit on the branch, in the background.',
    tag: 'github',
    params: IdParamsSchema,
    body: LinkProjectRepositoryRequestSchema,
    response: ProjectCodeHostingResponseSchema,
    errors: [400, 401, 404, 409],
  },
  unlinkProjectRepository: {
    ...codeHostingCallRoutes.unlinkProjectRepository,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: projectIds,
    summary: 'Stop pushing the project’s versions (nothing at GitHub is deleted)',
    tag: 'github',
    params: IdParamsSchema,
    response: ProjectCodeHostingResponseSchema,
    errors: [401, 404],
  },
  createProjectRepository: {
    ...codeHostingCallRoutes.createProjectRepository,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: projectIds,
    summary: 'Create a repository on the connected account for the project, and link it',
    tag: 'github',
    params: IdParamsSchema,
    body: CreateProjectRepositoryRequestSchema,
    status: 201,
    response: ProjectCodeHostingResponseSchema,
    errors: [400, 401, 404, 409],
  },
  syncProjectRepository: {
    ...codeHostingCallRoutes.syncProjectRepository,
    auth: 'session',
    bodyLimit: NO_BODY,
    ids: projectIds,
    summary:
      'Pull the commits made outside Mason, then push the versions not pushed yet, now (also after a failure)',
    tag: 'github',
    params: IdParamsSchema,
    response: ProjectCodeHostingResponseSchema,
    errors: [401, 404, 409],
  },
  githubWebhook: {
    ...codeHostingCallRoutes.githubWebhook,
    auth: 'signature',
    bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
    status: 202,
    summary:
      "GitHub's events: a push to a linked repository's branch queues a pull of its projects",
    description:
      'Authenticated by the X-Hub-Signature-256 header (HMAC-SHA256 of the raw body with GITHUB_WEBHOOK_SECRET): 401 when it is wrong or missing, 404 on a server without the secret. Other events and unknown repositories are accepted and ignored.',
    tag: 'github',
    response: OkResponseSchema,
    errors: [401, 404],
  },
} as const satisfies Record<string, CallSpec>;
