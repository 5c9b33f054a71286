import type { PublishingPaths } from '@mason/publishing';
import { projectsPaths } from './projects-paths';

/** The URLs the publish dialog links to: the project's screens of @mason/projects. */
export const publishingPaths: PublishingPaths = {
  domains: projectsPaths.domains,
  assets: projectsPaths.assets,
  envVariables: projectsPaths.envVariables,
};
