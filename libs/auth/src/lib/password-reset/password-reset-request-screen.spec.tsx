import { screen } from '@testing-library/react';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth } from '../test-utils/render-auth';
import { PasswordResetRequestScreen } from './password-reset-request-screen';

const server = setupApiServer();

function renderScreen() {
  return renderAuth(<PasswordResetRequestScreen />, {
    route: '/password-reset',
    path: '/password-reset',
  });
}

async function requestLink(user: ReturnType<typeof renderAuth>['user'], email: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('PasswordResetRequestScreen', () => {
  it('sends the address and confirms without saying whether an account uses it', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('requestPasswordReset', ({ body }) => {
        sent.push(body);
        return { ok: true };
      }),
    );
    const view = renderScreen();
    await requestLink(view.user, 'Ada@Example.com');

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Check your inbox');
    expect(confirmation).toHaveTextContent(
      'If an account exists for ada@example.com, we have sent it a link to reset the password.',
    );
    expect(sent).toEqual([{ email: 'ada@example.com' }]);
    expect(screen.queryByRole('form', { name: 'Reset password' })).not.toBeInTheDocument();
  });

  it('shows the same confirmation for an address the server does not know', async () => {
    // The server answers every address alike; the screen must not tell them apart either.
    server.use(
      mockEndpoint('requestPasswordReset', {
        ok: true,
        message: 'If an account uses that address, a reset link is on its way.',
      }),
    );
    const view = renderScreen();
    await requestLink(view.user, 'nobody@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your inboxIf an account exists for nobody@example.com, we have sent it a link to reset the password. The link works for one hour.',
    );
  });

  it('shows the server’s message when too many links were asked for (429)', async () => {
    server.use(
      errorHandler('requestPasswordReset', 429, {
        message: 'Too many reset requests. Try again in 15 minutes.',
        retryAfterSeconds: 900,
      }),
    );
    const view = renderScreen();
    await requestLink(view.user, 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Try again in 15 minutes.',
    );
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
  });

  it('shows "Unknown server error" on a 500', async () => {
    server.use(errorHandler('requestPasswordReset', 500));
    const view = renderScreen();
    await requestLink(view.user, 'ada@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown server error');
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });

  it('checks the address before sending anything', async () => {
    const sent = jest.fn(() => ({ ok: true as const }));
    server.use(mockEndpoint('requestPasswordReset', sent));
    const view = renderScreen();
    await requestLink(view.user, 'not-an-address');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('links back to log in', () => {
    renderScreen();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
  });
});
