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
export { projectRepositoriesRoutes } from './lib/project-repositories.routes';
export {
  ProjectRepositoriesService,
  ProjectRepositoryMessages,
} from './lib/project-repositories.service';
export type { ProjectRepositoriesContext, WebhookCheck } from './lib/project-repositories.service';
export {
  GitPusher,
  MAX_PUSH_ATTEMPTS,
  PUSH_LEASE_MS,
  PushMessages,
  RETRY_BASE_MS,
  retryDelayMs,
} from './lib/git-pusher';
export type { GitPusherContext, OutsideCommits } from './lib/git-pusher';
export { mergedSummary, pulledSummary, remoteRefOf } from './lib/git-pull';
export { commitMessage, MASON_COMMITTER, PushFailure } from './lib/git-push';
export type { LinkableRepository } from './lib/github-client';
export { cloneRepository, DEFAULT_IMPORT_LIMITS } from './lib/import/clone-repository';
export type { ClonedFile, ClonedRepository, ImportLimits } from './lib/import/clone-repository';
export { RepositoryImportError } from './lib/import/repository-import-error';
export type { RepositoryImportFailure } from './lib/import/repository-import-error';
export { RepositoryImporter } from './lib/import/repository-importer';
export type {
  ImportedRepository,
  RepositoryImporterOptions,
  RepositoryImportRequest,
  RepositoryImportResult,
} from './lib/import/repository-importer';
export { parseRepositoryUrl } from './lib/import/repository-url';
