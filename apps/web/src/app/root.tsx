import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { matchPath, Outlet } from 'react-router';
import { PageViewTracker } from '@mason/analytics';
import { AuthGuard, ReferralCapture, SessionAnalytics } from '@mason/auth';
import { selectUsageLimit } from '@mason/billing';
import { RootLayout } from '@mason/layout';
import { FullPageLoader } from '@mason/ui-kit';
import { LocationSync } from './location';
import { isKnownPath, isPublicPath, paths } from './paths';
import { taskChatPaths } from './task-chat-paths';

/** A session that ends in a project goes to the login page that opens the project again. */
const loginPathFrom = (pathname: string) => {
  const projectId = matchPath(paths.project, pathname)?.params['projectId'];
  return projectId ? taskChatPaths.login(projectId) : paths.login;
};

// Loaded only when the server first says 'Usage limit reached'.
const UsageLimitModal = lazy(() => import('./routes/usage-limit-modal'));

/** Above every route: the banner, the guard, page views, identify, referral links, the usage-limit modal. */
export function Root() {
  const usageLimit = useSelector(selectUsageLimit);
  return (
    <RootLayout>
      <LocationSync />
      <PageViewTracker />
      <SessionAnalytics />
      <ReferralCapture />
      {usageLimit.open && (
        <Suspense fallback={null}>
          <UsageLimitModal />
        </Suspense>
      )}
      <AuthGuard
        isPublicPath={isPublicPath}
        isKnownPath={isKnownPath}
        loginPath={paths.login}
        loginPathFrom={loginPathFrom}
        homePath={paths.dashboardProjects}
      >
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AuthGuard>
    </RootLayout>
  );
}
