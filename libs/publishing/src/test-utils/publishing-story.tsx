import type { ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { withStoryProviders } from '@mason/web-testing';
import { PublishingPathsProvider } from '../lib/publishing-paths/publishing-paths';
import { testPaths } from './test-paths';

export interface PublishingStoryOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

/** The decorators of a publishing story: a fresh store, a router, the shell's paths, full height. */
export function publishingStoryDecorators({
  route,
  path,
  routes,
}: PublishingStoryOptions = {}): Decorator[] {
  return [
    withStoryProviders({ route, path, routes }),
    (Story) => (
      <PublishingPathsProvider paths={testPaths}>
        <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Story />
        </div>
      </PublishingPathsProvider>
    ),
  ];
}
