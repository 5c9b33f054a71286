import { withReturnTo } from '@mason/billing';
import type { ProjectsPaths } from '@mason/projects';
import { paths, pathTo } from './paths';

/** A project-scoped screen (/files, /domains, /assets, /env-variables) for one project. */
const scoped = (path: string, projectId: string) => `${path}?${new URLSearchParams({ projectId })}`;

/** The URLs the projects screens link to (given by their lazy route modules). */
export const projectsPaths: ProjectsPaths = {
  project: (projectId) => pathTo(paths.project, { projectId }),
  newProject: paths.dashboardProjectsNew,
  importProject: paths.dashboardProjectsExisting,
  dashboard: paths.dashboardProjects,
  files: (projectId) => scoped(paths.files, projectId),
  domains: (projectId) => scoped(paths.domains, projectId),
  assets: (projectId) => scoped(paths.assets, projectId),
  envVariables: (projectId) => scoped(paths.envVariables, projectId),
  settings: paths.settings,
  billing: (returnTo) => withReturnTo(paths.dashboardBilling, returnTo),
};
