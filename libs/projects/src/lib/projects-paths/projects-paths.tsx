import { createContext, useContext, type ReactNode } from 'react';

/** The URLs the projects screens link to. The shell owns them and provides them per route. */
export interface ProjectsPaths {
  /** The workspace of one project (/projects/:projectId). */
  project: (projectId: string) => string;
  /** Where a new project is described (/dashboard/projects/new). */
  newProject: string;
  /** Where a repository is imported as a project (/dashboard/projects/existing). */
  importProject: string;
  /** The list of projects (/dashboard/projects). */
  dashboard: string;
  /** The read-only files of one project (/files?projectId=…). */
  files: (projectId: string) => string;
  /** The custom domains of one project (/domains?projectId=…). */
  domains: (projectId: string) => string;
  /** The uploaded assets of one project (/assets?projectId=…). */
  assets: (projectId: string) => string;
  /** The environment variables of one project (/env-variables?projectId=…). */
  envVariables: (projectId: string) => string;
  /** Account settings. */
  settings: string;
  /** The billing screen, with the way back to `returnTo` once a plan is chosen. */
  billing: (returnTo: string) => string;
}

const ProjectsPathsContext = createContext<ProjectsPaths | null>(null);

export interface ProjectsPathsProviderProps {
  paths: ProjectsPaths;
  children: ReactNode;
}

export function ProjectsPathsProvider({ paths, children }: ProjectsPathsProviderProps) {
  return <ProjectsPathsContext.Provider value={paths}>{children}</ProjectsPathsContext.Provider>;
}

export function useProjectsPaths(): ProjectsPaths {
  const paths = useContext(ProjectsPathsContext);
  if (!paths) throw new Error('useProjectsPaths needs a <ProjectsPathsProvider> above it.');
  return paths;
}
