import type { ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { withStoryProviders } from '@mason/web-testing';
import { AuthPathsProvider } from '../auth-paths/auth-paths';
import { sessionSlice, type SessionState } from '../session/session-slice';
import { testPaths } from './render-auth';

export interface AuthStoryOptions {
  route: string;
  path: string;
  routes?: Record<string, ReactNode>;
  /** The session the story starts with. Default: an anonymous visitor. */
  session?: Partial<SessionState>;
  /** Leaving Mason (checkout, Google) does nothing in a story unless given. */
  openExternalUrl?: (url: string) => void;
}

/** The decorators of an auth story: a fresh store with the session slice, a router, the shell's paths. */
export function authStoryDecorators({
  route,
  path,
  routes,
  session = { status: 'anonymous' },
  openExternalUrl,
}: AuthStoryOptions): Decorator[] {
  return [
    withStoryProviders({
      route,
      path,
      routes,
      reducers: { session: sessionSlice.reducer },
      preloadedState: { session: { ...sessionSlice.getInitialState(), ...session } },
      getToken: (state) => state.session.token,
    }),
    (Story) => (
      <AuthPathsProvider paths={{ ...testPaths, openExternalUrl }}>
        <Story />
      </AuthPathsProvider>
    ),
  ];
}
