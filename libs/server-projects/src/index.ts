// Public API of @mason/server-projects: name every export.
export { listEnvVariables, setEnvVariable } from './lib/env-variables.repository';
export { findOwnedProject, PROJECT_NOT_FOUND } from './lib/owned-project';
export type {
  ImportedRepository,
  ProjectPreviewPort,
  ProjectRepositoriesPort,
  ProjectsConfig,
  ProjectsContext,
  ProjectTasksPort,
  RepositoryImportRefusal,
  SignedPreview,
} from './lib/projects-context';
export { projectsPlugin } from './lib/projects-plugin';
export { projectStatus } from './lib/projects.repository';
export { SecretBox } from './lib/secret-box';
export { cleanFileName } from './lib/static-files.routes';
