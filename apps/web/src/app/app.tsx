import { useMemo, useRef, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useGetClientConfigQuery } from '@mason/api-client';
import { AnalyticsProvider, createAnalytics } from '@mason/analytics';
import { AuthPathsProvider, type AuthPaths } from '@mason/auth';
import { MasonThemeProvider } from '@mason/ui-kit';
import { paths, pathTo } from './paths';
import { AppRoutes } from './routes';
import type { AppStore } from './store';

const authPaths: AuthPaths = {
  home: paths.home,
  login: paths.login,
  signup: paths.signup,
  passwordReset: paths.passwordReset,
  dashboard: paths.dashboardProjects,
  settings: paths.settings,
  waitlist: paths.waitlist,
  pricing: paths.pricing,
  terms: paths.termsOfService,
  privacy: paths.privacyPolicy,
  googleCallback: paths.googleCallback,
  project: (projectId) => pathTo(paths.project, { projectId }),
};

/**
 * Analytics as the server configures it: posthog when a key is set, nothing otherwise. The
 * adapter outlives the cached config being dropped (login, logout) and refetched: it is made
 * again only when the key or host change.
 */
function ConfiguredAnalytics({ children }: { children: ReactNode }) {
  const { data: config } = useGetClientConfigQuery();
  const known = useRef<{ key: string | null; host: string } | null>(null);
  if (config)
    known.current = { key: config.analytics?.key ?? null, host: config.analytics?.host ?? '' };
  const key = known.current?.key ?? null;
  const host = known.current?.host ?? '';
  const analytics = useMemo(() => createAnalytics(key ? { key, host } : null), [key, host]);
  return <AnalyticsProvider analytics={analytics}>{children}</AnalyticsProvider>;
}

export interface AppProps {
  store: AppStore;
}

/** Mason inside a router: store, theme, analytics, the shell's paths, the routes. Toasts mount on first use. */
export function App({ store }: AppProps) {
  return (
    <Provider store={store}>
      <MasonThemeProvider>
        <ConfiguredAnalytics>
          <AuthPathsProvider paths={authPaths}>
            <AppRoutes />
          </AuthPathsProvider>
        </ConfiguredAnalytics>
      </MasonThemeProvider>
    </Provider>
  );
}
