// Test helpers of @mason/server-code-hosting (specs and end-to-end set-ups only): name every export.
export { startGithubStandIn } from './testing/github-stand-in';
export type {
  GithubStandIn,
  GithubStandInOptions,
  StandInRepository,
  StandInRequest,
} from './testing/github-stand-in';
export { GIT_HTTP_BACKEND, startGitServer } from './testing/git-server';
export type { GitServer, GitServerOptions, GitServerRequest } from './testing/git-server';
export { seedRepository } from './testing/seed-repository';
export type { SeedOptions } from './testing/seed-repository';
export { pushOutsideCommits } from './testing/outside-commits';
