import { screen, within } from '@testing-library/react';
import { errorHandler, mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { someTransactions } from '../test-utils/billing-fakes';
import { renderBilling } from '../test-utils/render-billing';
import { ReceiptScreen } from './receipt-screen';

const server = setupApiServer();

const renderReceipt = (id: string) =>
  renderBilling(<ReceiptScreen billingHref="/dashboard/billing" />, {
    route: `/billing/receipts/${id}`,
    path: '/billing/receipts/:id',
    routes: { '/dashboard/billing': <h1>Billing page</h1> },
  });

beforeEach(() => server.use(mockEndpoint('getTransactions', someTransactions())));

describe('ReceiptScreen', () => {
  it('shows one of the person’s payments as a receipt: what, when, to whom, and the total', async () => {
    renderReceipt('transaction-1');
    const receipt = await screen.findByRole('region', {
      name: 'Receipt for Pro plan, January 2025',
    });
    expect(within(receipt).getByText('Paid')).toBeInTheDocument();
    expect(within(receipt).getByText('transaction-1')).toBeInTheDocument();
    expect(within(receipt).getByText('Plan')).toBeInTheDocument();
    expect(within(receipt).getByText('$40.00')).toBeInTheDocument();
    expect(await within(receipt).findByText(/\(ada@example\.com\)$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('says a payment that is not the person’s is not there, and leads to billing', async () => {
    const view = renderReceipt('someone-elses');
    expect(
      await screen.findByRole('heading', { name: 'This receipt is not among your payments' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('link', { name: 'Go to billing' }));
    expect(await screen.findByRole('heading', { name: 'Billing page' })).toBeInTheDocument();
  });

  it('says it is loading while the payments are on their way', async () => {
    server.use(pendingHandler('getTransactions'));
    renderReceipt('transaction-1');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the receipt…');
  });

  it('says the receipt could not be loaded, and loads it again on "Try again"', async () => {
    server.use(errorHandler('getTransactions', 500, {}, { once: true }));
    const view = renderReceipt('transaction-1');
    expect(
      await screen.findByRole('heading', { name: 'The receipt could not be loaded' }),
    ).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('region', { name: 'Receipt for Pro plan, January 2025' }),
    ).toBeInTheDocument();
  });
});
