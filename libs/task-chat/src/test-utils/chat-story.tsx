import type { ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { withStoryProviders } from '@mason/web-testing';
import { TaskChatPathsProvider } from '../lib/task-chat-paths/task-chat-paths';
import { testPaths } from './test-paths';

export interface ChatStoryOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
}

/** The decorators of a task-chat story: a fresh store, a router, the shell's paths, full height. */
export function chatStoryDecorators({ route, path, routes }: ChatStoryOptions = {}): Decorator[] {
  return [
    withStoryProviders({ route, path, routes }),
    (Story) => (
      <TaskChatPathsProvider paths={testPaths}>
        <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
          <Story />
        </div>
      </TaskChatPathsProvider>
    ),
  ];
}
