import {
  GithubAccessCodeRequestSchema,
  GithubAuthorizeUrlQuerySchema,
  GithubAuthorizeUrlResponseSchema,
  GithubIntegrationResponseSchema,
  GithubRepositoriesQuerySchema,
  GithubRepositoriesResponseSchema,
} from '../github';
import { OkResponseSchema } from '../auth';
import { type CallSpec, JSON_BODY, NO_BODY } from './call-spec';
import { codeHostingCallRoutes } from './code-hosting-routes';

/** Code hosting (SPEC.md 7's GitHub calls): a person's GitHub connection. */
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
} as const satisfies Record<string, CallSpec>;
