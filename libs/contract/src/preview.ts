// The preview entry of @mason/contract (`@mason/contract/preview`): what the preview's bridge and
// the workspace say to each other across origins, and the limits both sides hold to. Kept apart
// so the bridge bundle and the screens that never show a preview do not carry each other's
// shapes. Name every export.
export {
  BridgeMessageSchema,
  BuildDiagnosticSchema,
  ConsoleLevelSchema,
  PreviewSelectionSchema,
  UrlChangeKindSchema,
} from './preview-bridge';
export {
  CSS_PROPERTY_PATTERN,
  PREVIEW_BRIDGE_CHANNEL,
  parseBridgeMessage,
} from './preview-bridge-guard';
export {
  FIRST_PAINT_MAX_LENGTH,
  PREVIEW_ERROR_PHASES,
  PREVIEW_ERROR_REPORTS_PER_WINDOW,
  PREVIEW_ERROR_REPORT_WINDOW_MS,
  PREVIEW_SELECTION_LIMITS,
  PREVIEW_SOURCE_ATTRIBUTES,
  PREVIEW_TEXT_FROM_CODE_ATTRIBUTE,
  PREVIEW_TEXT_FROM_CODE_MAX_LENGTH,
  PREVIEW_TEXT_MAX_LENGTH,
  PREVIEW_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_MAX_LENGTH,
  PROJECT_THUMBNAIL_DATA_URL_PATTERN,
  PROJECT_THUMBNAIL_MAX_BYTES,
} from './preview-limits';
export type { PreviewErrorPhase } from './preview-limits';
export type {
  BridgeMessage,
  BuildDiagnostic,
  ConsoleLevel,
  ParentMessage,
  PreviewEditPreview,
  PreviewSelection,
  UrlChangeKind,
} from './preview-bridge';
