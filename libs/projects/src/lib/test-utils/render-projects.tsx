import type { ReactElement } from 'react';
import { renderWithProviders, type ScreenRouteOptions } from '@mason/web-testing';
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

/** A projects screen as a signed-in person sees it: a fresh store, the shell's paths, a router. */
export function renderProjects(ui: ReactElement, options: ScreenRouteOptions = {}) {
  return renderWithProviders(ui, {
    ...options,
    wrap: (node) => <ProjectsPathsProvider paths={testPaths}>{node}</ProjectsPathsProvider>,
    getToken: () => 'test-token',
  });
}
