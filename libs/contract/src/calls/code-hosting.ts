import {
  GithubAccessCodeRequestSchema,
  GithubAuthorizeUrlQuerySchema,
  GithubAuthorizeUrlResponseSchema,
  GithubIntegrationResponseSchema,
  GithubRepositoriesResponseSchema,
} from '../github';
import { OkResponseSchema } from '../auth';
import { ApiRoutes } from '../routes';
import { type CallSpec, JSON_BODY, NO_BODY } from './call-spec';

/** Code hosting (SPEC.md 7's GitHub calls): not served yet. */
export const codeHostingCalls = {
  getGithubIntegration: {
    method: 'GET',
    path: ApiRoutes.github,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "The user's GitHub connection, or null",
    tag: 'github',
    response: GithubIntegrationResponseSchema,
    built: false,
  },
  disconnectGithub: {
    method: 'POST',
    path: ApiRoutes.githubDisconnect,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'Forget the GitHub connection',
    tag: 'github',
    response: OkResponseSchema,
    built: false,
  },
  getGithubAuthorizeUrl: {
    method: 'GET',
    path: ApiRoutes.githubAuthorizeUrl,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "Where to send the browser to authorize Mason's GitHub app",
    tag: 'github',
    query: GithubAuthorizeUrlQuerySchema,
    response: GithubAuthorizeUrlResponseSchema,
    built: false,
  },
  connectGithub: {
    method: 'POST',
    path: ApiRoutes.githubAccessCode,
    auth: 'session',
    bodyLimit: JSON_BODY,
    summary: "Connect GitHub with the code of GitHub's redirect",
    tag: 'github',
    body: GithubAccessCodeRequestSchema,
    response: GithubIntegrationResponseSchema,
    built: false,
  },
  getGithubRepositories: {
    method: 'GET',
    path: ApiRoutes.githubRepositories,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'The repositories the connection reaches',
    tag: 'github',
    response: GithubRepositoriesResponseSchema,
    built: false,
  },
} as const satisfies Record<string, CallSpec>;
