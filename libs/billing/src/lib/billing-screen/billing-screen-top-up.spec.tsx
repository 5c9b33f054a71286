import { screen, waitFor } from '@testing-library/react';
import type { BalanceCheckoutRequest, CreditsCheckoutRequest } from '@mason/contract';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aProSummary, aUsageSummary } from '../test-utils/billing-fakes';
import { renderBilling } from '../test-utils/render-billing';
import { BillingScreen } from './billing-screen';

const server = setupApiServer();
const CHECKOUT_URL = 'https://mason.example.com/billing/checkout/checkout-7';

function renderScreen() {
  const openExternalUrl = jest.fn();
  return { ...renderBilling(<BillingScreen openExternalUrl={openExternalUrl} />), openExternalUrl };
}

/** Records the bodies of an endpoint's requests and answers a checkout URL. */
function recordCheckouts(endpoint: 'createCreditsCheckout' | 'createBalanceCheckout') {
  const bodies: unknown[] = [];
  server.use(
    mockEndpoint(endpoint, ({ body }) => {
      bodies.push(body);
      return { checkoutUrl: CHECKOUT_URL };
    }),
  );
  return bodies;
}

describe('BillingScreen: buying credits (Lite, Pro)', () => {
  beforeEach(() => server.use(mockEndpoint('getBillingSummary', aProSummary())));

  it('checks the number with the contract first, then opens the checkout page', async () => {
    const bodies = recordCheckouts('createCreditsCheckout');
    const view = renderScreen();
    const field = await screen.findByRole('spinbutton', { name: 'Credits to buy' });
    expect(field).toHaveAccessibleDescription('From 100 to 100,000 credits, $0.01 each.');
    expect(field).toHaveAttribute('min', '100');
    expect(field).toHaveAttribute('max', '100000');

    await view.user.clear(field);
    await view.user.type(field, '50');
    await view.user.click(screen.getByRole('button', { name: 'Buy for $0.50' }));
    expect(await screen.findByText('Buy at least 100 credits.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);

    await view.user.clear(field);
    await view.user.type(field, '2500');
    await view.user.click(screen.getByRole('button', { name: 'Buy for $25.00' }));

    await waitFor(() => expect(view.openExternalUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodies).toEqual([{ credits: 2500 } satisfies CreditsCheckoutRequest]);
  });

  it('refuses a fraction and an empty field in words', async () => {
    const view = renderScreen();
    const field = await screen.findByRole('spinbutton', { name: 'Credits to buy' });
    await view.user.clear(field);
    await view.user.type(field, '150.5');
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText('Choose a whole number of credits.')).toBeInTheDocument();
    await view.user.clear(field);
    await view.user.keyboard('{Enter}');
    expect(await screen.findByText('Enter a number of credits.')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the field, without a toast', async () => {
    server.use(
      errorHandler('createCreditsCheckout', 400, {
        message: 'credits: Buying credits is paused.',
        fieldErrors: { credits: 'Buying credits is paused.' },
      }),
    );
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Buy for $10.00' }));
    expect(await screen.findByText('Buying credits is paused.')).toBeInTheDocument();
    expect(view.openExternalUrl).not.toHaveBeenCalled();
    expect(view.toasts).toEqual([]);
  });
});

describe('BillingScreen: adding to the balance (usage-based, free)', () => {
  it('adds whole dollars within the contract’s range', async () => {
    server.use(mockEndpoint('getBillingSummary', aUsageSummary()));
    const bodies = recordCheckouts('createBalanceCheckout');
    const view = renderScreen();
    const field = await screen.findByRole('spinbutton', { name: 'Amount in US dollars' });
    expect(field).toHaveAccessibleDescription('From $5 to $1,000.');

    await view.user.clear(field);
    await view.user.type(field, '2');
    await view.user.click(screen.getByRole('button', { name: 'Add $2.00' }));
    expect(await screen.findByText('Add at least $5.')).toBeInTheDocument();

    await view.user.clear(field);
    await view.user.type(field, '25');
    await view.user.click(screen.getByRole('button', { name: 'Add $25.00' }));

    await waitFor(() => expect(view.openExternalUrl).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(bodies).toEqual([{ amountUsd: 25 } satisfies BalanceCheckoutRequest]);
  });

  it('is offered to a free person too, and says when the page cannot be opened', async () => {
    server.use(errorHandler('createBalanceCheckout', 503));
    const view = renderScreen();
    await view.user.click(await screen.findByRole('button', { name: 'Add $20.00' }));
    expect(await screen.findByText('Unknown server error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add $20.00' })).toBeEnabled();
    expect(view.openExternalUrl).not.toHaveBeenCalled();
  });
});
