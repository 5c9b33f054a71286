import { screen } from '@testing-library/react';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn } from '../test-utils/render-auth';
import type { SessionState } from '../session/session-slice';
import { VerifyEmailScreen } from './verify-email-screen';

const server = setupApiServer();

const TOKEN = 'verify-token-0123456789abcdef';

function renderScreen(session?: Partial<SessionState>) {
  return renderAuth(<VerifyEmailScreen />, {
    route: `/verify-email/${TOKEN}`,
    path: '/verify-email/:token',
    session,
  });
}

describe('VerifyEmailScreen', () => {
  it('sends the token from the URL once and says the address is verified', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('verifyEmail', ({ body }) => {
        sent.push(body);
        return { ok: true };
      }),
    );
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'E-mail verified' })).toBeInTheDocument();
    expect(sent).toEqual([{ token: TOKEN }]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('offers the way into Mason to a person who is signed in', async () => {
    renderScreen(signedIn);
    expect(await screen.findByRole('heading', { name: 'E-mail verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Mason' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
  });

  it('shows that it is verifying while the server answers', async () => {
    server.use(pendingHandler('verifyEmail'));
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Verifying your e-mail…' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your e-mail');
  });

  it('shows "Token has already been used." for a used link (400 on /verify-email)', async () => {
    server.use(errorHandler('verifyEmail', 400, { message: 'Bad Request' }));
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Token has already been used.');
    expect(screen.queryByRole('heading', { name: 'E-mail verified' })).not.toBeInTheDocument();
    expect(view.toasts).toEqual([]);
  });
});
