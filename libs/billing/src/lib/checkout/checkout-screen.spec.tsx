import { screen, waitFor } from '@testing-library/react';
import {
  aCheckoutDecision,
  aCheckoutSession,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderBilling } from '../test-utils/render-billing';
import { CheckoutScreen } from './checkout-screen';

const server = setupApiServer();

function renderCheckout(id = 'checkout-1') {
  const openExternalUrl = jest.fn();
  const view = renderBilling(
    <CheckoutScreen billingHref="/dashboard/billing" openExternalUrl={openExternalUrl} />,
    {
      route: `/billing/checkout/${id}`,
      path: '/billing/checkout/:id',
      routes: {
        '/subscriptions/success': <h1>Subscription success</h1>,
        '/subscriptions/cancel': <h1>Subscription cancelled</h1>,
        '/dashboard/billing': <h1>Billing page</h1>,
      },
    },
  );
  return { ...view, openExternalUrl };
}

describe('CheckoutScreen: an open checkout', () => {
  it('shows what is bought, its price, and that it is a test payment', async () => {
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Mason Pro, monthly' })).toBeInTheDocument();
    expect(screen.getByText('Plan')).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('$40.00 a month')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
    expect(screen.getByText(/No card is needed and nothing is charged/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it.each([
    [
      'credits',
      aCheckoutSession({
        kind: 'CREDITS',
        plan: null,
        credits: 1200,
        amountCents: 1200,
        description: '1,200 credits',
      }),
      ['Credits', '1,200 credits', '$12.00 once', 'Pay $12.00'],
    ],
    [
      'money for the balance',
      aCheckoutSession({
        kind: 'BALANCE',
        plan: null,
        amountCents: 2500,
        description: 'Balance top-up',
      }),
      ['Added to your balance', '$25.00', '$25.00 once', 'Pay $25.00'],
    ],
  ])('prices %s as a one-off payment', async (_, session, words) => {
    server.use(mockEndpoint('getCheckoutSession', session));
    renderCheckout();
    const [label, value, price, pay] = words as [string, string, string, string];
    expect(await screen.findByText(label)).toBeInTheDocument();
    expect(screen.getByText(value, { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText(price)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: pay })).toBeInTheDocument();
  });

  it('pays and follows the server to a page of this app', async () => {
    const view = renderCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    expect(
      await screen.findByRole('heading', { name: 'Subscription success' }),
    ).toBeInTheDocument();
    expect(view.location.pathname).toBe('/subscriptions/success');
    expect(view.openExternalUrl).not.toHaveBeenCalled();
  });

  it('treats an absolute URL of this origin as a page of this app, and another origin as a new page', async () => {
    server.use(
      mockEndpoint(
        'confirmCheckout',
        aCheckoutDecision({
          redirectUrl: `${window.location.origin}/subscriptions/success?from=checkout`,
        }),
      ),
      mockEndpoint(
        'cancelCheckout',
        aCheckoutDecision({ redirectUrl: 'https://shop.example.com/back' }),
      ),
    );
    const first = renderCheckout();
    await first.user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    expect(
      await screen.findByRole('heading', { name: 'Subscription success' }),
    ).toBeInTheDocument();
    expect(first.location.search).toBe('?from=checkout');
    first.unmount();

    const second = renderCheckout();
    await second.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(second.openExternalUrl).toHaveBeenCalledWith('https://shop.example.com/back'),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Checkout cancelled. Taking you back to Mason…',
    );
  });

  it('cancels and follows the server back', async () => {
    const view = renderCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByRole('heading', { name: 'Subscription cancelled' }),
    ).toBeInTheDocument();
  });

  it('shows the catalogue’s message when paying fails, and tries again', async () => {
    server.use(errorHandler('confirmCheckout', 500, {}, { once: true }));
    const view = renderCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    const alert = await screen.findByText('Unknown server error');
    expect(view.toasts).toEqual([]);

    expect(alert).toBeVisible();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('heading', { name: 'Subscription success' }),
    ).toBeInTheDocument();
  });
});

describe('CheckoutScreen: a checkout that cannot be paid', () => {
  it('shows a loading state first', async () => {
    server.use(pendingHandler('getCheckoutSession'));
    renderCheckout();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the checkout…');
  });

  it('says a checkout that does not exist or is not the person’s does not exist, without a toast', async () => {
    server.use(errorHandler('getCheckoutSession', 404, { message: 'Not found' }));
    const view = renderCheckout('someone-elses');
    expect(
      await screen.findByRole('heading', { name: 'This checkout does not exist or is not yours' }),
    ).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
  });

  it.each([
    ['complete', 'This checkout is already paid'],
    ['canceled', 'This checkout was cancelled'],
    ['expired', 'This checkout has expired'],
  ] as const)('says a %s checkout cannot be paid again', async (status, title) => {
    server.use(mockEndpoint('getCheckoutSession', aCheckoutSession({ status })));
    renderCheckout();
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to billing' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
  });

  it('says so when the checkout was closed meanwhile (409)', async () => {
    let reads = 0;
    server.use(
      mockEndpoint('getCheckoutSession', () => {
        reads += 1;
        return aCheckoutSession({ status: reads > 1 ? 'complete' : 'open' });
      }),
      errorHandler('confirmCheckout', 409, { message: 'This checkout is no longer open.' }),
    );
    const view = renderCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));
    expect(
      await screen.findByRole('heading', { name: 'This checkout is already paid' }),
    ).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
  });

  it('offers to try again when the checkout cannot be loaded', async () => {
    server.use(errorHandler('getCheckoutSession', 503, {}, { once: true }));
    const view = renderCheckout();
    expect(
      await screen.findByRole('heading', { name: 'The checkout could not be loaded' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Pay $40.00' })).toBeInTheDocument();
  });
});
