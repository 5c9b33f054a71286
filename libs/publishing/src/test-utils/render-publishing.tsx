import type { ReactElement } from 'react';
import { renderWithProviders, type ScreenRouteOptions } from '@mason/web-testing';
import { PublishingPathsProvider } from '../lib/publishing-paths/publishing-paths';
import { testPaths } from './test-paths';

/** A publishing screen in a fresh store (the api slice), the shell's paths and a router. */
export function renderPublishing(ui: ReactElement, options: ScreenRouteOptions = {}) {
  return renderWithProviders(ui, {
    ...options,
    wrap: (node) => <PublishingPathsProvider paths={testPaths}>{node}</PublishingPathsProvider>,
  });
}
