// Public API of @mason/preview-state: name every export.
export { CONSOLE_LIMIT, PreviewSession, previewEditsOf, selectionKey } from './lib/preview-session';
export type {
  ChatRequest,
  ConsoleEntry,
  PendingEdit,
  PreviewSessionState,
  ViewedVersion,
} from './lib/preview-session';
export {
  PreviewSessionProvider,
  usePreviewSession,
  usePreviewSessionOrNull,
  usePreviewState,
} from './lib/preview-session-context';
export type { PreviewSessionProviderProps } from './lib/preview-session-context';
export { elementLabel, elementName } from './lib/element-names';
