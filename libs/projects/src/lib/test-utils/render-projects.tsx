import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders } from '@mason/web-testing';
import { ProjectsPathsProvider, type ProjectsPaths } from '../projects-paths/projects-paths';

/** The shell's URLs, as apps/web gives them. */
export const testPaths: ProjectsPaths = {
  project: (id) => `/projects/${encodeURIComponent(id)}`,
  newProject: '/dashboard/projects/new',
  importProject: '/dashboard/projects/existing',
  dashboard: '/dashboard/projects',
  files: (id) => `/files?projectId=${encodeURIComponent(id)}`,
  domains: (id) => `/domains?projectId=${encodeURIComponent(id)}`,
  assets: (id) => `/assets?projectId=${encodeURIComponent(id)}`,
  envVariables: (id) => `/env-variables?projectId=${encodeURIComponent(id)}`,
  settings: '/settings',
  billing: (returnTo) => `/dashboard/billing?returnTo=${encodeURIComponent(returnTo)}`,
};

export interface RenderProjectsOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

const withPaths = (node: ReactNode, key?: string) => (
  <ProjectsPathsProvider key={key} paths={testPaths}>
    {node}
  </ProjectsPathsProvider>
);

/** A projects screen as a signed-in person sees it: a fresh store, the shell's paths, a router. */
export function renderProjects(
  ui: ReactElement,
  { route, path, routes }: RenderProjectsOptions = {},
) {
  return renderWithProviders(withPaths(ui), {
    route,
    path,
    routes:
      routes &&
      Object.fromEntries(Object.entries(routes).map(([key, node]) => [key, withPaths(node, key)])),
    getToken: () => 'test-token',
  });
}
