import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Outlet } from 'react-router';
import { PageViewTracker } from '@mason/analytics';
import { AuthGuard, SessionAnalytics } from '@mason/auth';
import { selectUsageLimit } from '@mason/billing';
import { RootLayout } from '@mason/layout';
import { FullPageLoader } from '@mason/ui-kit';
import { LocationSync } from './location';
import { isKnownPath, isPublicPath, paths } from './paths';

// Loaded only when the server first says 'Usage limit reached'.
const UsageLimitModal = lazy(() => import('./routes/usage-limit-modal'));

/** Above every route: the banner, the guard, page views, identify, and the usage-limit modal. */
export function Root() {
  const usageLimit = useSelector(selectUsageLimit);
  return (
    <RootLayout>
      <LocationSync />
      <PageViewTracker />
      <SessionAnalytics />
      {usageLimit.open && (
        <Suspense fallback={null}>
          <UsageLimitModal />
        </Suspense>
      )}
      <AuthGuard
        isPublicPath={isPublicPath}
        isKnownPath={isKnownPath}
        loginPath={paths.login}
        homePath={paths.dashboardProjects}
      >
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AuthGuard>
    </RootLayout>
  );
}
