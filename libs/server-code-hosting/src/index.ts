// Public API of @mason/server-code-hosting: name every export.
export { codeHostingRoutes } from './lib/code-hosting.routes';
export {
  CALLBACK_PATHS,
  CodeHostingMessages,
  CodeHostingService,
  STATE_LIFETIME_MS,
} from './lib/code-hosting.service';
export type { CodeHostingContext, SecretSealer } from './lib/code-hosting.service';
export { createGithubClient, GithubError, REPOSITORIES_PER_PAGE } from './lib/github-client';
export type { GithubAccount, GithubClient, RepositoryPage } from './lib/github-client';
export { DEFAULT_GITHUB_API_URL, GITHUB_VARIABLES, githubConfigFromEnv } from './lib/github-config';
export type { GithubConfig } from './lib/github-config';
