import type { ProjectsPaths } from '@mason/projects';
import { paths, pathTo } from './paths';

/** The URLs the projects screens link to (given by their lazy route modules). */
export const projectsPaths: ProjectsPaths = {
  project: (projectId) => pathTo(paths.project, { projectId }),
  newProject: paths.dashboardProjectsNew,
  dashboard: paths.dashboardProjects,
  files: (projectId) => `${paths.files}?${new URLSearchParams({ projectId })}`,
  settings: paths.settings,
};
