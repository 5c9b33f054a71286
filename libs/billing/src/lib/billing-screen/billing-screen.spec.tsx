import { screen, within } from '@testing-library/react';
import {
  aBillingSummary,
  errorHandler,
  mockEndpoint,
  pendingHandler,
} from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { aProSummary, aUsageSummary, someTransactions } from '../test-utils/billing-fakes';
import { renderBilling } from '../test-utils/render-billing';
import { inSection } from '../test-utils/sections';
import { BillingScreen } from './billing-screen';

const server = setupApiServer();

const renderScreen = () => renderBilling(<BillingScreen openExternalUrl={jest.fn()} />);

describe('BillingScreen: loading, failure and what it shows', () => {
  it('shows a loading skeleton while the summary is on its way', async () => {
    server.use(pendingHandler('getBillingSummary'));
    renderScreen();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your billing…');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Current plan' })).not.toBeInTheDocument();
  });

  it('says the billing could not be loaded, with the reason, and loads it again on "Try again"', async () => {
    server.use(errorHandler('getBillingSummary', 500, {}, { once: true }));
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Your billing could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Unknown server error')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Current plan' })).toBeInTheDocument();
  });

  it('shows a free person’s plan, this month’s usage as a progress bar, and the balance', async () => {
    renderScreen();
    const meter = await screen.findByRole('progressbar', { name: 'Plan credits used this month' });
    expect(meter).toHaveAttribute('aria-valuenow', '43');
    expect(meter).toHaveAttribute('aria-valuemin', '0');
    expect(meter).toHaveAttribute('aria-valuemax', '100');
    expect(meter).toHaveAttribute('aria-valuetext', '43 of 100 credits used');
    expect(screen.getByText('43 of 100 credits used')).toBeVisible();
    expect(screen.getByText('Resets on February 1, 2025')).toBeInTheDocument();
    expect(screen.getByText('Free · 100 credits a month')).toBeInTheDocument();
    expect(screen.getByText('Balance')).toBeInTheDocument();
    expect(screen.getByText('$0.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add to your balance' })).toBeInTheDocument();
  });

  it('shows a free person’s rewarded credits beside the balance', async () => {
    server.use(mockEndpoint('getBillingSummary', aBillingSummary({ credits: 500 })));
    renderScreen();
    expect(await screen.findByText('Credits left')).toBeInTheDocument();
    expect(screen.getByText('500 credits')).toBeInTheDocument();
    expect(screen.getByText('Balance')).toBeInTheDocument();
  });

  it('shows a subscriber’s renewal date and the credits left', async () => {
    server.use(mockEndpoint('getBillingSummary', aProSummary()));
    renderScreen();
    expect(await screen.findByText('Renews on February 15, 2025')).toBeInTheDocument();
    expect(
      inSection('Current plan').getByText('$40.00 a month · 3,500 credits a month'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '1,234 of 3,500 credits used',
    );
    expect(screen.getByText('Credits left')).toBeInTheDocument();
    expect(screen.getByText('800 credits')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy credits' })).toBeInTheDocument();
  });

  it('fills the bar, not past it, when the month’s credits are used up', async () => {
    server.use(
      mockEndpoint(
        'getBillingSummary',
        aUsageSummary({
          usage: { usedCredits: 130.2, monthlyCredits: 100, resetsAt: '2025-02-01T00:00:00.000Z' },
        }),
      ),
    );
    renderScreen();
    const meter = await screen.findByRole('progressbar');
    expect(meter).toHaveAttribute('aria-valuenow', '100');
    expect(meter).toHaveAttribute('aria-valuetext', '130 of 100 credits used');
    expect(screen.getByText('$12.50')).toBeInTheDocument();
  });

  it('lists this month’s cost by project, turns (the person’s messages) apart from model steps, and the steps not charged', async () => {
    server.use(mockEndpoint('getBillingSummary', aProSummary()));
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Cost by project' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Project', 'Turns', 'Model steps', 'Cost']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['12', '31', '900 credits'],
      ['2', '9', '334 credits'],
    ]);
    expect(
      screen.getByText(
        'A turn is a message you sent; the assistant takes one or more model steps to answer it.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        '3 model steps were not charged this month (13 credits): the assistant fixing its own mistakes, or an outage.',
      ),
    ).toBeInTheDocument();
  });

  it('says which model steps ran on the person’s own OpenRouter key, apart from those Mason waived', async () => {
    server.use(
      mockEndpoint(
        'getBillingSummary',
        aBillingSummary({
          waived: { steps: 0, costCredits: 0 },
          ownKey: { steps: 4, costCredits: 21 },
        }),
      ),
    );
    renderScreen();
    expect(
      await screen.findByText(
        "4 model steps ran on your OpenRouter key this month and were not charged Mason credits (21 credits at Mason's prices): OpenRouter charges them to your account.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/fixing its own mistakes/)).not.toBeInTheDocument();
  });

  it('links each project’s name to the project when the shell says where projects open', async () => {
    server.use(mockEndpoint('getBillingSummary', aProSummary()));
    renderBilling(
      <BillingScreen openExternalUrl={jest.fn()} projectHref={(id) => `/projects/${id}`} />,
    );
    const table = await screen.findByRole('table', { name: 'Cost by project' });
    expect(within(table).getByRole('link', { name: 'Todo app' })).toHaveAttribute(
      'href',
      '/projects/project-1',
    );
    expect(within(table).getByRole('link', { name: 'Mug shop' })).toHaveAttribute(
      'href',
      '/projects/project-2',
    );
  });

  it('says so when nothing was charged this month, and leaves out the waived line when none were', async () => {
    server.use(
      mockEndpoint(
        'getBillingSummary',
        aBillingSummary({ projects: [], waived: { steps: 0, costCredits: 0 } }),
      ),
    );
    renderScreen();
    expect(await screen.findByText('No charged AI use this month yet.')).toBeInTheDocument();
    expect(screen.queryByText(/not charged this month/)).not.toBeInTheDocument();
  });
});

describe('BillingScreen: payments', () => {
  it('lists the payments with date, description, amount as money, status and receipt', async () => {
    server.use(mockEndpoint('getTransactions', someTransactions()));
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('-$15.00')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Refunded')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('No receipt')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toBeInTheDocument();
    const newest = within(rows[0] as HTMLElement);
    expect(newest.getByText('Jan 15, 2025')).toBeInTheDocument();
    expect(newest.getByRole('rowheader', { name: 'Pro plan, January 2025' })).toBeInTheDocument();
    expect(newest.getByText('$40.00')).toBeInTheDocument();
    expect(newest.getByText('Paid')).toBeInTheDocument();
    expect(
      newest.getByRole('link', { name: /^Receipt for Pro plan, January 2025/ }),
    ).toHaveAttribute('href', 'https://pay.example.com/receipts/transaction-1');
  });

  it('says there are no payments yet', async () => {
    server.use(mockEndpoint('getTransactions', { transactions: [], credits: 0, balanceCents: 0 }));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'No payments yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Payments/ })).not.toBeInTheDocument();
  });

  it('keeps the rest of the screen when the payments fail, and loads them again on "Try again"', async () => {
    server.use(errorHandler('getTransactions', 503, {}, { once: true }));
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'Your payments could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Current plan' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(
      await screen.findByRole('table', { name: 'Payments, newest first' }),
    ).toBeInTheDocument();
  });
});
