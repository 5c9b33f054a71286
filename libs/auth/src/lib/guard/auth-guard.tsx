import { useEffect, useRef, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Button, EmptyState, FullPageLoader } from '@mason/ui-kit';
import { restoreSession, type AuthDispatch } from '../session/session-thunks';
import { selectSessionError, selectSessionStatus } from '../session/session-slice';

export interface AuthGuardProps {
  /** Routes anyone may open (SPEC.md 2). */
  isPublicPath: (pathname: string) => boolean;
  /** Every route the app knows, public or not. */
  isKnownPath: (pathname: string) => boolean;
  /** Where an anonymous visitor on a private route goes. */
  loginPath: string;
  /**
   * Where a session that ends on `pathname` goes (default: loginPath), e.g. from a project to
   * the login page that opens the project again after login (SPEC.md 2).
   */
  loginPathFrom?: (pathname: string) => string;
  /** Where a logged-in person on an unknown route goes. */
  homePath: string;
  children: ReactNode;
}

/**
 * The route guard of SPEC.md 2: a loading screen while auth initialises, /login for an
 * anonymous visitor on a private route, the dashboard for a logged-in person on an unknown route.
 * A session that ends (logout, or a 401: SPEC.md 4.4) goes to /login from any page.
 */
export function AuthGuard({
  isPublicPath,
  isKnownPath,
  loginPath,
  loginPathFrom,
  homePath,
  children,
}: AuthGuardProps) {
  const status = useSelector(selectSessionStatus);
  const error = useSelector(selectSessionError);
  const dispatch = useDispatch<AuthDispatch>();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const previous = useRef(status);

  useEffect(() => {
    const ended = previous.current === 'authenticated' && status === 'anonymous';
    previous.current = status;
    if (ended && pathname !== loginPath)
      navigate(loginPathFrom?.(pathname) ?? loginPath, { replace: true });
  }, [status, pathname, loginPath, loginPathFrom, navigate]);

  if (status === 'initializing') return <FullPageLoader />;
  if (status === 'unreachable') {
    return (
      <EmptyState
        title="Mason cannot reach its server"
        description={error ?? 'Check your connection, then try again.'}
        action={<Button onClick={() => dispatch(restoreSession())}>Try again</Button>}
      />
    );
  }
  const signedIn = status === 'authenticated';
  if (!signedIn && status !== 'loading' && !isPublicPath(pathname))
    return <Navigate to={loginPath} replace />;
  if (signedIn && !isKnownPath(pathname)) return <Navigate to={homePath} replace />;
  return children;
}
