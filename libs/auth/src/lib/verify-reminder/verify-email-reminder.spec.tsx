import { screen, waitFor } from '@testing-library/react';
import { aUser, errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn } from '../test-utils/render-auth';
import { VerifyEmailReminder } from './verify-email-reminder';

const server = setupApiServer();

const page = (
  <>
    <h1>Dashboard</h1>
    <VerifyEmailReminder />
  </>
);

describe('VerifyEmailReminder', () => {
  it('reminds a signed-in person whose address is not verified yet', async () => {
    server.use(mockEndpoint('getCurrentUser', aUser({ emailVerified: false })));
    renderAuth(page, { session: signedIn });
    expect(await screen.findByText('Verify your e-mail address')).toBeInTheDocument();
    expect(screen.getByText(/We sent a link to ada@example.com/)).toBeInTheDocument();
  });

  it('is not shown once the address is verified', async () => {
    server.use(mockEndpoint('getCurrentUser', aUser({ emailVerified: true })));
    const view = renderAuth(page, { session: signedIn });
    await waitFor(() =>
      expect(view.store.getState().api.queries['getCurrentUser(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(screen.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
  });

  it('is not shown to a visitor, and does not ask the server who they are', async () => {
    const fetched = jest.fn(() => aUser({ emailVerified: false }));
    server.use(mockEndpoint('getCurrentUser', fetched));
    const view = renderAuth(page, { session: { status: 'anonymous' } });
    // The render ran every effect: a request for the user would be under way by now.
    expect(view.store.getState().api.queries['getCurrentUser(undefined)']).toBeUndefined();
    expect(screen.queryByText('Verify your e-mail address')).not.toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('"Resend e-mail" asks the server for a new link and confirms it', async () => {
    server.use(mockEndpoint('getCurrentUser', aUser({ emailVerified: false })));
    const resent: (string | null)[] = [];
    server.use(
      mockEndpoint('resendVerificationEmail', ({ request }) => {
        resent.push(request.headers.get('authorization'));
        return { ok: true };
      }),
    );
    const view = renderAuth(page, { session: signedIn });
    await view.user.click(await screen.findByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('Sent. Check ada@example.com.')).toBeInTheDocument();
    expect(resent).toEqual(['Bearer test-token']);
  });

  it('says so when the e-mail cannot be sent', async () => {
    server.use(
      mockEndpoint('getCurrentUser', aUser({ emailVerified: false })),
      errorHandler('resendVerificationEmail', 503),
    );
    const view = renderAuth(page, { session: signedIn });
    await view.user.click(await screen.findByRole('button', { name: 'Resend e-mail' }));
    expect(await screen.findByText('Unknown server error')).toBeInTheDocument();
  });
});
