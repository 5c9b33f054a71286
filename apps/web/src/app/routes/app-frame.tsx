import { Suspense } from 'react';
import { Link, Outlet, useMatch } from 'react-router';
import { useSelector } from 'react-redux';
import { AccountMenu, selectIsAuthenticated } from '@mason/auth';
import { AppFrame } from '@mason/layout';
import { Button, Spinner } from '@mason/ui-kit';
import { paths } from '../paths';

/** The main menu: only screens that exist. */
const NAV = [
  { label: 'Projects', to: paths.dashboardProjects },
  // MCP servers are reached from Integrations (their card), so the menu shows where they live.
  {
    label: 'Integrations',
    to: paths.dashboardIntegrations,
    also: [paths.integrations, paths.dashboardMcp],
  },
  { label: 'Billing', to: paths.dashboardBilling, also: [paths.billing] },
  { label: 'Rewards', to: paths.dashboardRewards },
  { label: 'Settings', to: paths.dashboardSettings, also: [paths.settings] },
];

/** The frame of the signed-in app. /projects/:id is public, so a visitor sees log-in links here. */
export default function SignedInFrame() {
  const signedIn = useSelector(selectIsAuthenticated);
  // The workspace's own slim bar has the way home and the account menu.
  const inWorkspace = useMatch(paths.project) !== null;
  return (
    <AppFrame
      headerless={inWorkspace}
      homeHref={signedIn ? paths.dashboardProjects : paths.home}
      nav={signedIn ? NAV : []}
      actions={
        signedIn ? (
          <AccountMenu />
        ) : (
          <Button as={Link} to={paths.login} size="sm">
            Log in
          </Button>
        )
      }
    >
      <Suspense fallback={<Spinner label="Loading the page" />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
