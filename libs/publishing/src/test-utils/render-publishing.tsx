import { cleanup } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { api } from '@mason/api-client';
import { renderWithProviders } from '@mason/web-testing';
import { PublishingPathsProvider } from '../lib/publishing-paths/publishing-paths';
import { testPaths } from './test-paths';

export interface RenderPublishingOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

type Store = ReturnType<typeof renderWithProviders>['store'];
const stores: Store[] = [];

// After each test: unmount, then drop the cache, which stops the polling it started.
afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

/** A publishing screen in a fresh store (the api slice), the shell's paths and a router. */
export function renderPublishing(
  ui: ReactElement,
  { route, path, routes }: RenderPublishingOptions = {},
) {
  const wrap = (node: ReactNode) => (
    <PublishingPathsProvider paths={testPaths}>{node}</PublishingPathsProvider>
  );
  const view = renderWithProviders(wrap(ui), {
    route,
    path,
    routes:
      routes && Object.fromEntries(Object.entries(routes).map(([key, node]) => [key, wrap(node)])),
  });
  stores.push(view.store);
  return view;
}
