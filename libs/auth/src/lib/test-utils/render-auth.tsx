import type { ReactElement, ReactNode } from 'react';
import { renderWithProviders } from '@mason/web-testing';
import { AuthPathsProvider, type AuthPaths } from '../auth-paths/auth-paths';
import { sessionSlice, type SessionState } from '../session/session-slice';

export const testPaths: AuthPaths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  passwordReset: '/password-reset',
  dashboard: '/dashboard/projects',
  settings: '/settings',
  waitlist: '/waitlist',
  pricing: '/pricing',
  terms: '/terms_of_service',
  privacy: '/privacy_policy',
  googleCallback: '/auth/callback/google',
  project: (id) => `/projects/${id}`,
};

export interface RenderAuthOptions {
  route?: string;
  path?: string;
  routes?: Record<string, ReactNode>;
  session?: Partial<SessionState>;
  openExternalUrl?: (url: string) => void;
}

/** An auth screen in a fresh store with the session slice, the shell's paths and a router. */
export function renderAuth(
  ui: ReactElement,
  { route, path, routes, session, openExternalUrl }: RenderAuthOptions = {},
) {
  const paths = { ...testPaths, openExternalUrl };
  return renderWithProviders(<AuthPathsProvider paths={paths}>{ui}</AuthPathsProvider>, {
    route,
    path,
    routes:
      routes &&
      Object.fromEntries(
        Object.entries(routes).map(([key, node]) => [
          key,
          <AuthPathsProvider key={key} paths={paths}>
            {node}
          </AuthPathsProvider>,
        ]),
      ),
    reducers: { session: sessionSlice.reducer },
    preloadedState: {
      session: { ...sessionSlice.getInitialState(), status: 'anonymous', ...session },
    },
    getToken: (state) => state.session.token,
  });
}

/** A signed-in session, as after login. */
export const signedIn: Partial<SessionState> = {
  status: 'authenticated',
  token: 'test-token',
  email: 'ada@example.com',
};
