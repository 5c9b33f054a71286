import { screen } from '@testing-library/react';
import {
  aSubscription,
  anActiveSubscriptionResponse,
  errorHandler,
  mockEndpoint,
} from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { useSubscriptionStatus } from './use-subscription-status';

const server = setupApiServer();

/** What a screen built on the hook would show. */
function PlanSummary({ skip = false }: { skip?: boolean }) {
  const { status, isUsageBased, isFree, isLoading, subscription } = useSubscriptionStatus({ skip });
  if (isLoading) return <p>Loading plan</p>;
  return (
    <p>
      {`Plan ${status} (${subscription?.type ?? 'no subscription'}); usage-based: ${isUsageBased ? 'yes' : 'no'}; free: ${isFree ? 'yes' : 'no'}`}
    </p>
  );
}

describe('useSubscriptionStatus (SPEC.md 4)', () => {
  it.each([
    ['LITE_MONTHLY', 'Plan lite (LITE_MONTHLY); usage-based: no; free: no'],
    ['PRO_MONTHLY', 'Plan pro (PRO_MONTHLY); usage-based: no; free: no'],
    ['PRO_YEARLY', 'Plan pro (PRO_YEARLY); usage-based: no; free: no'],
    ['USAGE', 'Plan usage (USAGE); usage-based: yes; free: no'],
    ['PLUS_MONTHLY', 'Plan usage (PLUS_MONTHLY); usage-based: yes; free: no'],
  ])('maps a %s subscription: %s', async (type, shown) => {
    server.use(
      mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse(aSubscription({ type }))),
    );
    renderWithProviders(<PlanSummary />);
    expect(screen.getByText('Loading plan')).toBeInTheDocument();
    expect(await screen.findByText(shown)).toBeInTheDocument();
  });

  it('is free (and so usage-based) without a subscription', async () => {
    server.use(mockEndpoint('getActiveSubscription', anActiveSubscriptionResponse(null)));
    renderWithProviders(<PlanSummary />);
    expect(
      await screen.findByText('Plan free (no subscription); usage-based: yes; free: yes'),
    ).toBeInTheDocument();
  });

  it('counts the account as free when the subscription cannot be fetched, with a warning and no toast', async () => {
    server.use(errorHandler('getActiveSubscription', 500));
    const view = renderWithProviders(<PlanSummary />);
    expect(
      await screen.findByText('Plan free (no subscription); usage-based: yes; free: yes'),
    ).toBeInTheDocument();
    expect(view.toasts).toEqual([]);
    expect(view.warnings.map((warning) => warning.message)).toEqual([
      'getActiveSubscription failed: Unknown server error',
    ]);
  });

  it('asks nothing of the server when skipped, and counts as free', async () => {
    const fetched = jest.fn(() => anActiveSubscriptionResponse(aSubscription()));
    server.use(mockEndpoint('getActiveSubscription', fetched));
    const view = renderWithProviders(<PlanSummary skip />);
    expect(
      screen.getByText('Plan free (no subscription); usage-based: yes; free: yes'),
    ).toBeInTheDocument();
    // The render ran every effect: a request for the subscription would be under way by now.
    expect(view.store.getState().api.queries['getActiveSubscription(undefined)']).toBeUndefined();
    expect(fetched).not.toHaveBeenCalled();
  });
});
