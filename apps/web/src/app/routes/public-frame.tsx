import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { useSelector } from 'react-redux';
import { AccountMenu, selectIsAuthenticated } from '@mason/auth';
import { AppFrame } from '@mason/layout';
import { Button, Spinner } from '@mason/ui-kit';
import { paths } from '../paths';

const NAV = [{ label: 'Pricing', to: paths.pricing }];

/** The frame of the public pages: log in and sign up, or the account menu for a signed-in person. */
export default function PublicFrame() {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <AppFrame
      homeHref={paths.home}
      nav={NAV}
      actions={
        signedIn ? (
          <>
            <Button as={Link} to={paths.dashboardProjects} size="sm" variant="ghost">
              Dashboard
            </Button>
            <AccountMenu />
          </>
        ) : (
          <>
            <Button as={Link} to={paths.login} size="sm" variant="ghost">
              Log in
            </Button>
            <Button as={Link} to={paths.signup} size="sm">
              Sign up
            </Button>
          </>
        )
      }
    >
      <Suspense fallback={<Spinner label="Loading the page" />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
