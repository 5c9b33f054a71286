import { screen } from '@testing-library/react';
import {
  anActiveSubscriptionResponse,
  aSubscription,
  errorHandler,
  mockEndpoint,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderBilling } from '../test-utils/render-billing';
import { SubscriptionCancelScreen } from './subscription-cancel-screen';
import { SubscriptionSuccessScreen } from './subscription-success-screen';

const server = setupApiServer();

// Fast enough for a test, with the same steps as a person's page.
const timing = { pollIntervalMs: 20, maxAttempts: 3, slowPollIntervalMs: 40 };
const links = { billingHref: '/dashboard/billing', dashboardHref: '/dashboard/projects' };
const destinations = {
  '/dashboard/billing': <h1>Billing page</h1>,
  '/dashboard/projects': <h1>Projects page</h1>,
};

/** The active subscription is free for the first `freeAnswers` requests, then Pro. */
function subscriptionArrivesAfter(freeAnswers: number) {
  const requests = { count: 0 };
  server.use(
    mockEndpoint('getActiveSubscription', () => {
      requests.count += 1;
      return anActiveSubscriptionResponse(requests.count > freeAnswers ? aSubscription() : null);
    }),
  );
  return requests;
}

const renderSuccess = (route = '/subscriptions/success') =>
  renderBilling(<SubscriptionSuccessScreen {...links} timing={timing} />, {
    route,
    path: '/subscriptions/success',
    routes: destinations,
  });

describe('SubscriptionSuccessScreen', () => {
  it('says it is confirming the payment until the server knows the new plan, then names it', async () => {
    const requests = subscriptionArrivesAfter(2);
    renderSuccess();
    expect(screen.getByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'You’re on Pro' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you. Your plan is active and renews on February 15, 2025.'),
    ).toBeInTheDocument();
    expect(requests.count).toBe(3);
  });

  it('says the payment is still being confirmed after a few tries, and updates when it is', async () => {
    const requests = subscriptionArrivesAfter(5);
    renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Almost there' })).toBeInTheDocument();
    expect(
      screen.getByText('Your payment is being confirmed; this page updates when it is.'),
    ).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'You’re on Pro' })).toBeInTheDocument();
    expect(requests.count).toBe(6);
  });

  it('keeps asking when the subscription cannot be fetched, without a toast', async () => {
    server.use(errorHandler('getActiveSubscription', 503));
    const view = renderSuccess();
    expect(await screen.findByRole('heading', { name: 'Almost there' })).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
  });

  it('thanks for credits or balance without waiting for a plan', async () => {
    const requests = subscriptionArrivesAfter(0);
    const view = renderSuccess('/subscriptions/success?kind=CREDITS');
    expect(screen.getByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(
      screen.getByText('Thank you. Your credits are added to your account.'),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
    expect(requests.count).toBe(0);
  });

  it('leads on to billing and to the projects', async () => {
    subscriptionArrivesAfter(0);
    const view = renderSuccess();
    await screen.findByRole('heading', { name: 'You’re on Pro' });
    await view.user.click(screen.getByRole('link', { name: 'Go to your projects' }));
    expect(await screen.findByRole('heading', { name: 'Projects page' })).toBeInTheDocument();
  });
});

describe('SubscriptionCancelScreen', () => {
  it('says nothing was charged and leads on', async () => {
    const view = renderBilling(<SubscriptionCancelScreen {...links} />, {
      route: '/subscriptions/cancel',
      path: '/subscriptions/cancel',
      routes: destinations,
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Checkout cancelled, nothing was charged' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
  });
});
