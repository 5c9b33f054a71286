import type { PublishingPaths } from '../lib/publishing-paths/publishing-paths';

/** The shell's URLs, as the specs and stories give them. */
export const testPaths: PublishingPaths = {
  domains: (projectId) => `/domains?projectId=${projectId}`,
  assets: (projectId) => `/assets?projectId=${projectId}`,
  envVariables: (projectId) => `/env-variables?projectId=${projectId}`,
};
