// Public API of @mason/web-testing: name every export.
export { renderWithProviders } from './lib/render-with-providers';
export type {
  LocationProbe,
  RenderWithProvidersOptions,
  ScreenRouteOptions,
} from './lib/render-with-providers';
export { setupApiServer } from './lib/api-server';
export {
  getStoryHarness,
  STORY_PROVIDERS_PARAMETER,
  withStoryProviders,
} from './lib/story-providers';
export type {
  StoryHarness,
  StoryProvidersContext,
  StoryProvidersOptions,
} from './lib/story-providers';
