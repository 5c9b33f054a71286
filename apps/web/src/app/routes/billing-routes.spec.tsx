import { screen } from '@testing-library/react';
import {
  anActiveSubscriptionResponse,
  aSubscription,
  aTransaction,
  mockEndpoint,
} from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { paths } from '../paths';
import Billing from './billing';
import BillingCheckout from './billing-checkout';
import BillingReceipt from './billing-receipt';
import SubscriptionCancel from './subscription-cancel';
import SubscriptionSuccess from './subscription-success';

const server = setupApiServer();

const billingRoutes = {
  [paths.subscriptionsSuccess]: <SubscriptionSuccess />,
  [paths.subscriptionsCancel]: <SubscriptionCancel />,
  [paths.dashboardBilling]: <Billing />,
};

const openCheckout = () =>
  renderWithProviders(<BillingCheckout />, {
    route: '/billing/checkout/checkout-1',
    path: paths.billingCheckout,
    routes: billingRoutes,
    getToken: () => 'test-token',
  });

describe('the billing routes', () => {
  it('pays on the checkout page, comes back to /subscriptions/success, then goes to billing', async () => {
    server.use(
      mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse(aSubscription())),
    );
    const view = openCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Pay $40.00' }));

    expect(await screen.findByRole('heading', { name: 'You’re on Pro' })).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/dashboard/billing');
  });

  it('cancels on the checkout page and comes back to /subscriptions/cancel', async () => {
    const view = openCheckout();
    await view.user.click(await screen.findByRole('button', { name: 'Cancel' }));

    expect(
      await screen.findByRole('heading', { name: 'Checkout cancelled, nothing was charged' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      paths.dashboardProjects,
    );
  });

  it('shows a payment’s receipt at /billing/receipts/:id, and leads back to billing', async () => {
    server.use(
      mockEndpoint('getTransactions', {
        transactions: [aTransaction({ id: 'payment-7', description: 'Mason Pro, monthly' })],
        credits: 0,
        balanceCents: 0,
      }),
    );
    const view = renderWithProviders(<BillingReceipt />, {
      route: '/billing/receipts/payment-7',
      path: paths.billingReceipt,
      routes: billingRoutes,
      getToken: () => 'test-token',
    });
    expect(
      await screen.findByRole('region', { name: 'Receipt for Mason Pro, monthly' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
  });
});
