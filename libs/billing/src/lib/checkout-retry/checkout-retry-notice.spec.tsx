import { screen, waitFor } from '@testing-library/react';
import { Navigate } from 'react-router';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderBilling } from '../test-utils/render-billing';
import { CheckoutRetryNotice } from './checkout-retry-notice';

const server = setupApiServer();

/** Lands on the dashboard as the login does when the chosen plan's checkout did not start. */
function renderAfterFailedCheckout(openExternalUrl: (url: string) => void) {
  return renderBilling(
    <Navigate
      to="/dashboard/projects"
      replace
      state={{ failedCheckout: { plan: 'PRO', message: 'The payment provider did not answer.' } }}
    />,
    {
      route: '/signup',
      path: '/signup',
      routes: {
        '/dashboard/projects': (
          <>
            <h1>Projects</h1>
            <CheckoutRetryNotice openExternalUrl={openExternalUrl} />
          </>
        ),
      },
    },
  );
}

describe('CheckoutRetryNotice', () => {
  it('says the account is ready and the checkout did not open, and opens it again on Try again', async () => {
    let asked: unknown;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        asked = body;
        return { checkoutUrl: 'http://localhost/billing/checkout/c1' };
      }),
    );
    const openExternalUrl = jest.fn();
    const view = renderAfterFailedCheckout(openExternalUrl);
    expect(
      await screen.findByText('Your account is ready, but the Pro checkout did not open'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The payment provider did not answer.');
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(openExternalUrl).toHaveBeenCalledWith('http://localhost/billing/checkout/c1'),
    );
    expect(asked).toEqual({ type: 'PRO' });
  });

  it('sends the referral_code cookie with the retried checkout', async () => {
    document.cookie = 'referral_code=FRIEND7';
    let asked: unknown;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        asked = body;
        return { checkoutUrl: 'http://localhost/billing/checkout/c2' };
      }),
    );
    const openExternalUrl = jest.fn();
    try {
      const view = renderAfterFailedCheckout(openExternalUrl);
      await view.user.click(await screen.findByRole('button', { name: 'Try again' }));
      await waitFor(() =>
        expect(openExternalUrl).toHaveBeenCalledWith('http://localhost/billing/checkout/c2'),
      );
      expect(asked).toEqual({ type: 'PRO', referral: 'FRIEND7' });
    } finally {
      document.cookie = 'referral_code=; max-age=0';
    }
  });

  it('shows why a retry failed too, and goes away when dismissed', async () => {
    server.use(errorHandler('createCheckout', 409, { message: 'You are already on this plan.' }));
    const openExternalUrl = jest.fn();
    const view = renderAfterFailedCheckout(openExternalUrl);
    await view.user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You are already on this plan.');
    expect(openExternalUrl).not.toHaveBeenCalled();
    await view.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText(/checkout did not open/)).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
  });

  it('shows nothing on a dashboard reached any other way', async () => {
    renderBilling(<CheckoutRetryNotice />, {
      route: '/dashboard/projects',
      path: '/dashboard/projects',
    });
    await waitFor(() => expect(document.body).toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/checkout did not open/)).not.toBeInTheDocument();
  });
});
