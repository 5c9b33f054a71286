import type { ReactElement } from 'react';
import { renderWithProviders, type ScreenRouteOptions } from '@mason/web-testing';
import { TaskChatPathsProvider } from '../lib/task-chat-paths/task-chat-paths';
import { testPaths } from './test-paths';

/** A task-chat screen in a fresh store (the api slice), the shell's paths and a router. */
export function renderChat(ui: ReactElement, options: ScreenRouteOptions = {}) {
  return renderWithProviders(ui, {
    ...options,
    wrap: (node) => <TaskChatPathsProvider paths={testPaths}>{node}</TaskChatPathsProvider>,
  });
}
