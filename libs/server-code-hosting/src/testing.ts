// Test helpers of @mason/server-code-hosting (specs and end-to-end set-ups only): name every export.
export { startGithubStandIn } from './testing/github-stand-in';
export type {
  GithubStandIn,
  GithubStandInOptions,
  StandInRepository,
  StandInRequest,
} from './testing/github-stand-in';
