// Public API of @mason/server-workspace: name every export.
export { entryOf, MODULE_SCRIPT, previewUnsupportedReason } from './lib/app-layout';
export { blobSizes, collectBlobs, hashContent, putBlobs, readBlobs } from './lib/blobs';
export { checkFiles } from './lib/check-files';
export { contentTypeOf, fileTypeOf } from './lib/content-types';
export { BinaryFileError, FilePathError, WorkspaceError, WorkspaceLimitError } from './lib/errors';
export { countLineChanges, splitLines } from './lib/line-diff';
export type { LineChanges } from './lib/line-diff';
export { MAX_PATH_LENGTH, normalizeProjectPath } from './lib/paths';
export { STARTER_TITLE, withProjectTitle } from './lib/page-title';
export {
  loadSourceFile,
  loadTailwindStylesheet,
  loaderFor,
  tailwindStylesheet,
  resolveFile,
  resolveImport,
  toDiagnostic,
  IMPORT_EXTENSIONS,
} from './lib/project-resolution';
export {
  isTextContent,
  projectFilePaths,
  projectFilesFromManifest,
  selectPaths,
  toProjectFile,
} from './lib/project-files';
export {
  BUNDLED_RUNTIME_PACKAGES,
  RUNTIME_PACKAGES,
  SHARED_RUNTIME_PACKAGES,
  TEMPLATE_FILES,
  createProjectFromFiles,
  createProjectFromTemplate,
} from './lib/template';
export type { Diagnostic, FileChange, WorkingFiles } from './lib/types';
export { MAX_PROJECT_FILES, VersionStore, lockProject } from './lib/version-store';
export { projectSize, projectUploadsSize } from './lib/project-size';
export type { ProjectSize } from './lib/project-size';
export type { CreateVersionInput, ListVersionsOptions, RevertInput } from './lib/version-store';
export { MAX_FILE_BYTES, WorkingTree } from './lib/working-tree';
export { TailwindStyles, sharedTailwind, textOf, usesTailwind } from './lib/tailwind';
export { versionUsesTailwind } from './lib/tailwind-projects';
export { isViteVariable, viteEnv } from './lib/vite-env';
export type { AppEnvVariable, ViteEnvOptions, ViteMode } from './lib/vite-env';
export type {
  CommitInput,
  CommitResult,
  WorkingTreeBase,
  WorkingTreeOptions,
} from './lib/working-tree';
