// Public API of @mason/projects: name every export.
export { ProjectsPathsProvider, useProjectsPaths } from './lib/projects-paths/projects-paths';
export type {
  ProjectsPaths,
  ProjectsPathsProviderProps,
} from './lib/projects-paths/projects-paths';
export { ProjectsDashboard } from './lib/dashboard/projects-dashboard';
export type { ProjectsDashboardProps } from './lib/dashboard/projects-dashboard';
export { PromptBox } from './lib/dashboard/prompt-box';
export type { PromptBoxProps } from './lib/dashboard/prompt-box';
export { ImportProjectScreen } from './lib/import-project/import-project-screen';
export type {
  GithubRepositorySelection,
  GithubSourceProps,
  ImportProjectScreenProps,
  ImportSource,
} from './lib/import-project/import-project-screen';
export { NewProjectScreen } from './lib/new-project/new-project-screen';
export type { NewProjectScreenProps } from './lib/new-project/new-project-screen';
export type { PrepareImage } from './lib/new-project/image-attachments';
export { ProjectFilesPanel } from './lib/files/project-files-panel';
export type { ProjectFilesPanelProps } from './lib/files/project-files-panel';
export { ProjectFilesScreen } from './lib/files/project-files-screen';
export { EnvVariablesScreen } from './lib/env-variables/env-variables-screen';
export { ProjectAssetsScreen } from './lib/assets/project-assets-screen';
export { ProjectPicker, useProjectIdParam } from './lib/project-picker/project-scoped-page';
export type { ProjectPickerProps } from './lib/project-picker/project-scoped-page';
export { DomainsScreen } from './lib/domains/domains-screen';
