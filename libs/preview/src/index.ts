// Public API of @mason/preview: name every export.
export { PreviewPane } from './lib/preview-pane/preview-pane';
export type { PreviewPaneProps } from './lib/preview-pane/preview-pane';
export { PreviewConsole } from './lib/preview-console/preview-console';
export type { PreviewConsoleProps } from './lib/preview-console/preview-console';
export {
  PREVIEW_SANDBOX,
  PREVIEW_SLOW_AFTER_MS,
  PreviewPaneView,
} from './lib/preview-pane-view/preview-pane-view';
export type {
  PreviewPaneStatus,
  PreviewPaneViewProps,
} from './lib/preview-pane-view/preview-pane-view';
export type { PreviewToolbarProps } from './lib/preview-toolbar/preview-toolbar';
export {
  MOBILE_FRAME_WIDTH,
  PREVIEW_DEVICE_STORAGE_KEY,
} from './lib/preview-device/use-preview-device';
export {
  EMPTY_URL_HISTORY,
  canGoBack,
  canGoForward,
  currentUrl,
  urlHistoryReducer,
} from './lib/url-history/url-history';
export type { UrlHistoryAction, UrlHistoryState } from './lib/url-history/url-history';
