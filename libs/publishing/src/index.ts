// Public API of @mason/publishing: name every export.
export { PublishControl } from './lib/publish/publish-control';
export type { PublishControlProps } from './lib/publish/publish-control';
export {
  PublishingPathsProvider,
  usePublishingPaths,
} from './lib/publishing-paths/publishing-paths';
export type {
  PublishingPaths,
  PublishingPathsProviderProps,
} from './lib/publishing-paths/publishing-paths';
