// Public API of @mason/server-preview: name every export.
export { DEFAULT_PREVIEW_ENTRY, buildPreview } from './lib/build-preview';
export { PreviewSyntaxError } from './lib/errors';
export { PreviewCache } from './lib/preview-cache';
export { PreviewBuilder } from './lib/preview-builder';
export type { PreviewBuilderOptions } from './lib/preview-builder';
export { buildHotUpdate } from './lib/hot-update';
export { HOT_RUNTIME_SPECIFIER } from './lib/hot-registration';
export { ANONYMOUS_COMPONENT, tagJsxSource } from './lib/tag-jsx-source';
export type {
  BuildPreviewOptions,
  HotUpdate,
  HotUpdateKind,
  PreviewBuild,
  PreviewFiles,
} from './lib/types';
export { buildRuntimeModules, scriptHash } from './lib/runtime-modules';
export type { RuntimeModules } from './lib/runtime-modules';
export { bridgeScript } from './lib/bridge-script';
export type { BridgeConfig } from './lib/bridge/bridge-config';
export { applyVisualEdits } from './lib/visual-edit/apply-visual-edits';
export { applyListItemEdit } from './lib/visual-edit/list-item-text';
export { applyPropTextEdit, propTextRefusal } from './lib/visual-edit/prop-text';
export type {
  ListItemElsewhere,
  PropTextElsewhere,
  TextElsewhere,
} from './lib/visual-edit/refusal';
export type {
  ElementChange,
  ElementEdit,
  ElementLocation,
  VisualEditOutcome,
} from './lib/visual-edit/apply-visual-edits';
export { registerPreviewHost } from './lib/host/preview-host';
export type {
  PreviewHostConfig,
  PreviewEnvEvent,
  PreviewEnvVariable,
  PreviewAppDataMount,
  PreviewHostDeps,
  PreviewFilesEvent,
  PreviewProjectEvent,
  PreviewRepairRequest,
  PreviewSettledEvent,
  PreviewVersionEvent,
} from './lib/host/preview-host-deps';
export { recentPreviewErrors } from './lib/host/preview-repository';
export type { PreviewErrorReport } from './lib/host/preview-repository';
export {
  PREVIEW_TOKEN_PARAM,
  PREVIEW_TOKEN_TTL_SECONDS,
  parsePreviewHost,
  previewUrl,
  signPreviewToken,
  signedPreviewUrl,
} from './lib/host/preview-urls';
export type { PreviewHost, PreviewUrlConfig } from './lib/host/preview-urls';
