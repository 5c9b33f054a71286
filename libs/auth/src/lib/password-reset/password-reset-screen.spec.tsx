import { screen } from '@testing-library/react';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { LoginScreen } from '../login/login-screen';
import { renderAuth } from '../test-utils/render-auth';
import { PasswordResetScreen } from './password-reset-screen';

const server = setupApiServer();

const TOKEN = 'reset-token-0123456789abcdef';

function renderScreen(token: string = TOKEN) {
  return renderAuth(<PasswordResetScreen />, {
    route: `/password-reset/${token}`,
    path: '/password-reset/:token',
    routes: { '/login': <LoginScreen /> },
  });
}

async function setPassword(user: ReturnType<typeof renderAuth>['user'], password: string) {
  await user.type(screen.getByLabelText('New password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('PasswordResetScreen', () => {
  it('sends the token from the link with the new password, then asks the person to log in again', async () => {
    const sent: unknown[] = [];
    server.use(
      mockEndpoint('resetPassword', ({ body }) => {
        sent.push(body);
        return { ok: true };
      }),
    );
    const view = renderScreen();
    await setPassword(view.user, 'new-secret-42');

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/login');
    expect(view.location.search).toBe('?reset=done');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your password has been changed. Log in with the new one.',
    );
    expect(sent).toEqual([{ token: TOKEN, password: 'new-secret-42' }]);
  });

  it('shows "Token has already been used." when the server refuses the link (400 on this page)', async () => {
    server.use(errorHandler('resetPassword', 400, { message: 'Bad Request' }));
    const view = renderScreen();
    await setPassword(view.user, 'new-secret-42');
    expect(await screen.findByRole('alert')).toHaveTextContent('Token has already been used.');
    expect(view.location.pathname).toBe(`/password-reset/${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute(
      'href',
      '/password-reset',
    );
    expect(view.toasts).toEqual([]);
  });

  it('applies the password rules before sending', async () => {
    const sent = jest.fn(() => ({ ok: true as const }));
    server.use(mockEndpoint('resetPassword', sent));
    const view = renderScreen();
    await setPassword(view.user, 'onlyletters');
    expect(await screen.findByText('Use at least one digit.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).not.toHaveBeenCalled();
  });

  it('says the link is not valid when its token is malformed, without calling the server', async () => {
    const sent = jest.fn(() => ({ ok: true as const }));
    server.use(mockEndpoint('resetPassword', sent));
    const view = renderScreen('short');
    await setPassword(view.user, 'new-secret-42');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid.');
    expect(sent).not.toHaveBeenCalled();
  });
});
