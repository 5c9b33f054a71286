// Public API of @mason/analytics: name every export.
export { createAnalytics, noopAnalytics } from './lib/analytics';
export type {
  Analytics,
  AnalyticsConfig,
  AnalyticsIdentity,
  PosthogLike,
  PosthogLoader,
} from './lib/analytics';
export { AnalyticsProvider, PageViewTracker, useAnalytics } from './lib/analytics-provider';
export type { AnalyticsProviderProps } from './lib/analytics-provider';
