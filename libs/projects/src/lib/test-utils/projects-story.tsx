import type { ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { withStoryProviders } from '@mason/web-testing';
import { ProjectsPathsProvider } from '../projects-paths/projects-paths';
import { testPaths } from './render-projects';

export interface ProjectsStoryOptions {
  route: string;
  path: string;
  routes?: Record<string, ReactNode>;
}

/** The decorators of a projects story: a fresh store signed in, a router, the shell's paths. */
export function projectsStoryDecorators({
  route,
  path,
  routes,
}: ProjectsStoryOptions): Decorator[] {
  return [
    withStoryProviders({ route, path, routes, getToken: () => 'test-token' }),
    (Story) => (
      <ProjectsPathsProvider paths={testPaths}>
        <Story />
      </ProjectsPathsProvider>
    ),
  ];
}
