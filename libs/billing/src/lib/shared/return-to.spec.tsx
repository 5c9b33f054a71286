import { screen } from '@testing-library/react';
import {
  anActiveSubscriptionResponse,
  aSubscription,
  mockEndpoint,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { BillingScreen } from '../billing-screen/billing-screen';
import { SubscriptionSuccessScreen } from '../subscription-result/subscription-success-screen';
import { renderBilling } from '../test-utils/render-billing';
import { isAppPath, withReturnTo } from './return-to';

const server = setupApiServer();
const links = { billingHref: '/dashboard/billing', dashboardHref: '/dashboard/projects' };

beforeEach(() => sessionStorage.clear());

describe('the way back to a task that stopped for want of credits', () => {
  it('rides into billing, survives the checkout page, and leads back to the task after paying', async () => {
    const billing = renderBilling(<BillingScreen openExternalUrl={jest.fn()} />, {
      route: withReturnTo('/dashboard/billing', '/task/t1'),
    });
    const back = await screen.findByRole('link', { name: 'Back to your task' });
    expect(back).toHaveAttribute('href', '/task/t1');
    // The address stays clean: the way back is kept for the tab instead.
    expect(billing.location.search).toBe('');
    billing.unmount();

    // The person pays on the checkout page (another page) and comes back here.
    server.use(
      mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse(aSubscription())),
    );
    const success = renderBilling(<SubscriptionSuccessScreen {...links} />, {
      route: '/subscriptions/success',
      path: '/subscriptions/success',
      routes: { '/task/:id': <h1>The task</h1> },
    });
    await screen.findByRole('heading', { name: 'You’re on Pro' });
    expect(screen.getByRole('link', { name: 'Go to billing' })).toBeInTheDocument();
    await success.user.click(screen.getByRole('link', { name: 'Back to your task' }));
    expect(await screen.findByRole('heading', { name: 'The task' })).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('never leads off the app', () => {
    expect(isAppPath('/task/t1')).toBe(true);
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'task',
      '',
    ]) {
      expect(isAppPath(path)).toBe(false);
      expect(withReturnTo('/dashboard/billing', path)).toBe('/dashboard/billing');
    }
  });
});
