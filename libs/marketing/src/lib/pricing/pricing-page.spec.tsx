import { screen, within } from '@testing-library/react';
import type { CheckoutPlan, Plan } from '@mason/contract';
import { DEFAULT_PRICING, type PricingTable } from '@mason/contract/billing';
import { renderWithProviders } from '@mason/web-testing';
import { PricingPage } from './pricing-page';

const planHref = (plan: CheckoutPlan) => `/signup?plan=${plan}`;

function renderPricing({
  pricing = DEFAULT_PRICING,
  currentPlan = null,
}: { pricing?: PricingTable; currentPlan?: Plan | null } = {}) {
  return renderWithProviders(
    <PricingPage
      freeHref="/signup"
      planHref={planHref}
      pricing={pricing}
      currentPlan={currentPlan}
      currentPlanHref="/dashboard/billing"
      pricingHref="/pricing"
      privacyHref="/privacy_policy"
      termsHref="/terms_of_service"
    />,
    { route: '/pricing', path: '/pricing', routes: { '/signup': <h1>Create your account</h1> } },
  );
}

const plan = (name: string) => within(screen.getByRole('listitem', { name }));

describe('PricingPage', () => {
  it('shows the four plans in order', () => {
    renderPricing();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Free', 'Lite', 'Pro', 'Usage-based']);
  });

  it('shows what each plan costs, and marks Pro as the most popular', () => {
    renderPricing();
    expect(plan('Free').getByText('$0')).toBeInTheDocument();
    expect(plan('Lite').getByText('$15')).toBeInTheDocument();
    expect(plan('Pro').getByText('$40')).toBeInTheDocument();
    expect(plan('Usage-based').getByText('a month, plus what you use')).toBeInTheDocument();
    expect(plan('Pro').getByText('Most popular')).toBeInTheDocument();
    expect(plan('Lite').queryByText('Most popular')).not.toBeInTheDocument();
    expect(plan('Pro').getByRole('list', { name: 'Pro includes' })).toHaveTextContent(
      'Custom domains',
    );
    expect(plan('Free').getByText('3 projects')).toBeInTheDocument();
    expect(plan('Pro').getByText('3,500 AI credits a month')).toBeInTheDocument();
  });

  it('shows the server’s own table: its prices, credits and limits, and only features that exist', () => {
    const pricing: PricingTable = {
      ...DEFAULT_PRICING,
      plans: {
        ...DEFAULT_PRICING.plans,
        FREE: { ...DEFAULT_PRICING.plans.FREE, maxProjects: 5, monthlyCredits: 250 },
        PRO: { ...DEFAULT_PRICING.plans.PRO, monthlyPriceCents: 4950 },
      },
    };
    renderPricing({ pricing });
    expect(plan('Free').getByText('5 projects')).toBeInTheDocument();
    expect(plan('Free').getByText('250 AI credits a month')).toBeInTheDocument();
    expect(plan('Pro').getByText('$49.50')).toBeInTheDocument();
    expect(plan('Lite').queryByText('Custom domains')).not.toBeInTheDocument();
    for (const promise of [/Code hosting/, /support/i, /Usage reports/]) {
      expect(screen.queryByText(promise)).not.toBeInTheDocument();
    }
  });

  it('marks a signed-in person’s plan, which leads to billing', () => {
    renderPricing({ currentPlan: 'LITE' });
    expect(plan('Lite').getByText('Your plan')).toBeInTheDocument();
    expect(plan('Lite').getByRole('link', { name: 'Manage your plan' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
    expect(plan('Pro').queryByText('Your plan')).not.toBeInTheDocument();
    expect(plan('Pro').getByRole('link', { name: 'Choose Pro' })).toBeInTheDocument();
  });

  it('links each paid plan through planHref and the free plan to sign-up', () => {
    renderPricing();
    expect(plan('Free').getByRole('link', { name: 'Start for free' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(plan('Lite').getByRole('link', { name: 'Choose Lite' })).toHaveAttribute(
      'href',
      '/signup?plan=LITE',
    );
    expect(plan('Pro').getByRole('link', { name: 'Choose Pro' })).toHaveAttribute(
      'href',
      '/signup?plan=PRO',
    );
    expect(plan('Usage-based').getByRole('link', { name: 'Choose Usage-based' })).toHaveAttribute(
      'href',
      '/signup?plan=USAGE',
    );
  });

  it('keeps the chosen plan in the URL on the way to sign-up', async () => {
    const view = renderPricing();
    await view.user.click(plan('Pro').getByRole('link', { name: 'Choose Pro' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/signup');
    expect(view.location.search).toBe('?plan=PRO');
  });
});
