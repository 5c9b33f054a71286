import { screen, within } from '@testing-library/react';
import type { CheckoutPlan } from '@mason/contract';
import { renderWithProviders } from '@mason/web-testing';
import { PricingPage } from './pricing-page';

const planHref = (plan: CheckoutPlan) => `/signup?plan=${plan}`;

function renderPricing() {
  return renderWithProviders(
    <PricingPage
      freeHref="/signup"
      planHref={planHref}
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
