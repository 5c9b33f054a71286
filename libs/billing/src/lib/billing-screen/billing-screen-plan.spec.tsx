import { screen, waitFor, within } from '@testing-library/react';
import type { CheckoutRequest } from '@mason/contract';
import {
  aClientConfig,
  aSubscription,
  errorHandler,
  mockEndpoint,
} from '@mason/api-client/testing';
import { DEFAULT_PRICING } from '@mason/contract/billing';
import { setupApiServer } from '@mason/web-testing';
import { aProSummary, billingServerFake } from '../test-utils/billing-fakes';
import { renderBilling } from '../test-utils/render-billing';
import { inSection } from '../test-utils/sections';
import { BillingScreen } from './billing-screen';

const server = setupApiServer();

function renderScreen(route = '/dashboard/billing') {
  const openExternalUrl = jest.fn();
  const view = renderBilling(
    <BillingScreen openExternalUrl={openExternalUrl} pricingHref="/pricing" />,
    {
      route,
      routes: { '/pricing': <h1>Pricing</h1> },
    },
  );
  return { ...view, openExternalUrl };
}

describe('BillingScreen: the plan', () => {
  it('cancels at the end of the period after a dialog that says until when the plan is kept', async () => {
    const fake = billingServerFake(aProSummary());
    server.use(...fake.handlers);
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Cancel plan' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your Pro plan?' });
    expect(dialog).toHaveAccessibleDescription(
      'You keep Pro until February 15, 2025. After that you move to the free plan and nothing more is charged.',
    );
    // Destructive: focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Keep Pro' })).toHaveFocus();
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Ends on February 15, 2025')).toBeInTheDocument();
    expect(screen.getByText('Ending')).toBeInTheDocument();
    expect(fake.current().subscription?.cancelAtPeriodEnd).toBe(true);
  });

  it('keeps an ending plan with "Keep Pro"', async () => {
    const fake = billingServerFake(
      aProSummary({ subscription: aSubscription({ cancelAtPeriodEnd: true }) }),
    );
    server.use(...fake.handlers);
    const view = renderScreen();
    expect(await screen.findByText('Ends on February 15, 2025')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Keep Pro' }));

    expect(await screen.findByText('Renews on February 15, 2025')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel plan' })).toBeInTheDocument();
  });

  it('keeps the dialog open when cancelling fails, and the toast says why', async () => {
    server.use(
      mockEndpoint('getBillingSummary', aProSummary()),
      errorHandler('cancelSubscription', 503),
    );
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const dialog = await screen.findByRole('alertdialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel plan' }));

    await waitFor(() =>
      expect(view.toasts.map(({ message }) => message)).toEqual(['Unknown server error']),
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(screen.getByText('Renews on February 15, 2025')).toBeInTheDocument();
  });

  it('says a failed payment plainly', async () => {
    server.use(
      mockEndpoint(
        'getBillingSummary',
        aProSummary({ subscription: aSubscription({ status: 'past_due' }) }),
      ),
    );
    renderScreen();
    expect(await screen.findByText('Payment failed: update your payment')).toBeInTheDocument();
  });
});

describe('BillingScreen: changing plan', () => {
  it('shows the prices of this server’s pricing (GET /config)', async () => {
    const pricing = {
      ...DEFAULT_PRICING,
      plans: {
        ...DEFAULT_PRICING.plans,
        PRO: { ...DEFAULT_PRICING.plans.PRO, monthlyPriceCents: 5000, monthlyCredits: 4000 },
      },
    };
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({ billing: { provider: 'embedded', pricing } }),
      ),
    );
    renderScreen();
    const plans = within(await screen.findByRole('list', { name: 'Plans' }));
    expect(plans.getByText('$50.00 a month · 4,000 credits a month')).toBeInTheDocument();
    expect(plans.getByText('$15.00 a month · 1,200 credits a month')).toBeInTheDocument();
    expect(
      plans.getByText('No monthly fee · 100 credits a month free, then pay for what you use'),
    ).toBeInTheDocument();
  });

  it('switches a subscriber’s plan after a dialog that says proration applies', async () => {
    const fake = billingServerFake(aProSummary());
    server.use(...fake.handlers);
    const view = renderScreen();
    const plans = within(await screen.findByRole('list', { name: 'Plans' }));
    expect(plans.getByRole('button', { name: 'On Pro' })).toBeDisabled();

    await view.user.click(plans.getByRole('button', { name: 'Switch to Lite' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Lite?' });
    expect(dialog).toHaveAccessibleDescription(/Proration applies/);
    expect(dialog).toHaveAccessibleDescription(/^\$15\.00 a month · 1,200 credits a month\./);
    await view.user.click(within(dialog).getByRole('button', { name: 'Switch to Lite' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.requests).toEqual([{ type: 'LITE' }]);
    expect(
      await inSectionEventually('Current plan', '$15.00 a month · 1,200 credits a month'),
    ).toBeInTheDocument();
  });

  it('keeps the dialog open when switching fails: the toast says why, the console logs the error', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      mockEndpoint('getBillingSummary', aProSummary()),
      errorHandler('updateSubscription', 503),
    );
    try {
      const view = renderScreen();
      await view.user.click(await screen.findByRole('button', { name: 'Switch to Lite' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Switch to Lite?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Switch to Lite' }));

      await waitFor(() =>
        expect(view.toasts.map(({ message }) => message)).toEqual(['Unknown server error']),
      );
      expect(logged).toHaveBeenCalledWith(
        'Mason could not update the subscription.',
        expect.objectContaining({ status: 503, message: 'Unknown server error' }),
      );
      // The dialog stays, its button ready to try again once the call has ended.
      expect(
        await within(screen.getByRole('alertdialog', { name: 'Switch to Lite?' })).findByRole(
          'button',
          { name: 'Switch to Lite' },
        ),
      ).toBeEnabled();
    } finally {
      logged.mockRestore();
    }
  });

  it('does nothing when the person says no', async () => {
    const fake = billingServerFake(aProSummary());
    server.use(...fake.handlers);
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Switch to Usage-based' }));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fake.requests).toEqual([]);
  });

  it('sends a free person to the checkout page of the plan they choose', async () => {
    let sent: CheckoutRequest | undefined;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        sent = body as CheckoutRequest;
        return { checkoutUrl: 'https://mason.example.com/billing/checkout/checkout-9' };
      }),
    );
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Choose Pro' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Subscribe to Pro?' });
    expect(dialog).toHaveAccessibleDescription(
      '$40.00 a month · 3,500 credits a month. You pay on the next page, then come back here.',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() =>
      expect(view.openExternalUrl).toHaveBeenCalledWith(
        'https://mason.example.com/billing/checkout/checkout-9',
      ),
    );
    expect(sent).toEqual({ type: 'PRO' });
  });

  it('sends the referral_code cookie with the plan’s checkout (SPEC.md 7)', async () => {
    document.cookie = 'referral_code=FRIEND%2042';
    let sent: CheckoutRequest | undefined;
    server.use(
      mockEndpoint('createCheckout', ({ body }) => {
        sent = body as CheckoutRequest;
        return { checkoutUrl: 'https://mason.example.com/billing/checkout/checkout-10' };
      }),
    );
    try {
      const view = renderScreen();
      await view.user.click(await screen.findByRole('button', { name: 'Choose Lite' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Subscribe to Lite?' });
      await view.user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
      await waitFor(() =>
        expect(view.openExternalUrl).toHaveBeenCalledWith(
          'https://mason.example.com/billing/checkout/checkout-10',
        ),
      );
      expect(sent).toEqual({ type: 'LITE', referral: 'FRIEND 42' });
    } finally {
      document.cookie = 'referral_code=; max-age=0';
    }
  });

  it('opens the plan chosen on the pricing page (?plan=pro), once', async () => {
    const view = renderScreen('/dashboard/billing?plan=pro');
    expect(
      await screen.findByRole('alertdialog', { name: 'Subscribe to Pro?' }),
    ).toBeInTheDocument();
    // Dropped from the address, so a reload does not open it again.
    await waitFor(() => expect(view.location.search).toBe(''));
    await view.user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('links to the pricing page', async () => {
    const view = renderScreen();
    await view.user.click(await screen.findByRole('link', { name: 'Compare plans' }));
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
  });
});

/** Waits until the panel under `heading` shows `text` (after a refetch). */
async function inSectionEventually(heading: string, text: string) {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = inSection(heading).getByText(text);
  });
  return found as HTMLElement;
}
