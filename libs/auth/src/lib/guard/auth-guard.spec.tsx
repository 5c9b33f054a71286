import { act, screen } from '@testing-library/react';
import { apiSessionEnded } from '@mason/api-client';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn, type RenderAuthOptions } from '../test-utils/render-auth';
import { AuthGuard } from './auth-guard';

setupApiServer();

const isPublicPath = (pathname: string) => ['/', '/login', '/pricing'].includes(pathname);
const isKnownPath = (pathname: string) =>
  isPublicPath(pathname) || ['/settings', '/dashboard/projects'].includes(pathname);

function renderGuarded(
  route: string,
  session: RenderAuthOptions['session'],
  loginPathFrom?: (pathname: string) => string,
) {
  const page = (name: string) => (
    <AuthGuard
      isPublicPath={isPublicPath}
      isKnownPath={isKnownPath}
      loginPath="/login"
      loginPathFrom={loginPathFrom}
      homePath="/dashboard/projects"
    >
      <h1>{name}</h1>
    </AuthGuard>
  );
  return renderAuth(page('Page'), {
    route,
    session,
    path: route.split('?')[0],
    routes: { '/login': page('Login'), '/dashboard/projects': page('Dashboard') },
  });
}

describe('AuthGuard', () => {
  it('shows the loading screen with the logo while auth initialises', () => {
    renderGuarded('/settings', { status: 'initializing' });
    expect(screen.getByRole('status')).toHaveTextContent(/loading mason/i);
    expect(screen.queryByRole('heading', { name: 'Page' })).not.toBeInTheDocument();
  });

  it('sends an anonymous visitor on a private route to /login', async () => {
    const view = renderGuarded('/settings', { status: 'anonymous' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/login');
  });

  it('lets an anonymous visitor see a public route', () => {
    renderGuarded('/pricing', { status: 'anonymous' });
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
  });

  it('sends a signed-in person on an unknown route to /dashboard/projects', async () => {
    const view = renderGuarded('/no/such/page', signedIn);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/projects');
  });

  it('goes to /login when the session ends, even on a public page', async () => {
    const view = renderGuarded('/pricing', signedIn);
    expect(screen.getByRole('heading', { name: 'Page' })).toBeInTheDocument();
    act(() => {
      view.store.dispatch(apiSessionEnded({ reason: 'unauthorized', endpoint: 'getCurrentUser' }));
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(view.store.getState().session.token).toBeNull();
  });

  it('goes to the login page the shell names for the page where the session ended', async () => {
    const view = renderGuarded('/pricing', signedIn, (pathname) => `/login?from=${pathname}`);
    act(() => {
      view.store.dispatch(apiSessionEnded({ reason: 'unauthorized', endpoint: 'getCurrentUser' }));
    });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(view.location.search).toBe('?from=/pricing');
  });

  it('offers a retry when the server cannot be reached while restoring', () => {
    renderGuarded('/settings', { status: 'unreachable', error: 'Cannot reach the server.' });
    expect(
      screen.getByRole('heading', { name: 'Mason cannot reach its server' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
