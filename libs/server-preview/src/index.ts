// Public API of @mason/server-preview: name every export.
export { DEFAULT_PREVIEW_ENTRY, buildPreview } from './lib/build-preview';
export { PreviewSyntaxError } from './lib/errors';
export { PreviewCache } from './lib/preview-cache';
export { ANONYMOUS_COMPONENT, SOURCE_ATTRIBUTES, tagJsxSource } from './lib/tag-jsx-source';
export type { BuildPreviewOptions, PreviewBuild, PreviewFiles } from './lib/types';
