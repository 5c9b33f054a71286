import { cleanup } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { api } from '@mason/api-client';
import { renderWithProviders } from '@mason/web-testing';
import { TaskChatPathsProvider } from '../lib/task-chat-paths/task-chat-paths';
import { testPaths } from './test-paths';

export interface RenderChatOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

type Store = ReturnType<typeof renderWithProviders>['store'];
const stores: Store[] = [];

// After each test: unmount, then drop the cache, which closes the task event streams it opened.
afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

/** A task-chat screen in a fresh store (the api slice), the shell's paths and a router. */
export function renderChat(ui: ReactElement, { route, path, routes }: RenderChatOptions = {}) {
  const wrap = (node: ReactNode) => (
    <TaskChatPathsProvider paths={testPaths}>{node}</TaskChatPathsProvider>
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
