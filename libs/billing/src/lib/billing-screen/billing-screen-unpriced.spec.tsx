import { screen } from '@testing-library/react';
import { aBillingSummary, aModelsResponse, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderBilling } from '../test-utils/render-billing';
import { BillingScreen } from './billing-screen';

const server = setupApiServer();

describe('BillingScreen: AI use of a model without a price', () => {
  it('says the operator’s model was not charged, by its own id, and for how many tokens', async () => {
    server.use(
      mockEndpoint('getModels', aModelsResponse({ available: [], endpoint: 'qwen2.5-coder' })),
      mockEndpoint(
        'getBillingSummary',
        aBillingSummary({
          usage: { usedCredits: 0, monthlyCredits: 100, resetsAt: '2025-02-01T00:00:00.000Z' },
          projects: [
            { projectId: 'project-1', name: 'Todo app', costCredits: 0, turns: 2, steps: 4 },
          ],
          waived: { steps: 0, costCredits: 0 },
          unpriced: [{ model: 'ENDPOINT', inputTokens: 100_000, outputTokens: 10_000 }],
        }),
      ),
    );
    renderBilling(<BillingScreen openExternalUrl={jest.fn()} />);
    expect(
      await screen.findByText(
        'Not charged: no price set for qwen2.5-coder (your endpoint). 110,000 tokens this month.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Claude Sonnet/)).not.toBeInTheDocument();
  });

  it('has no such line when every model used has a price', async () => {
    server.use(mockEndpoint('getBillingSummary', aBillingSummary()));
    renderBilling(<BillingScreen openExternalUrl={jest.fn()} />);
    await screen.findByRole('table', { name: 'Cost by project' });
    expect(screen.queryByText(/no price set/)).not.toBeInTheDocument();
  });
});
