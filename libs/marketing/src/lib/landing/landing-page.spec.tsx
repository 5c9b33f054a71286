import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@mason/web-testing';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderWithProviders(
    <LandingPage
      signupHref="/signup"
      pricingHref="/pricing"
      privacyHref="/privacy_policy"
      termsHref="/terms_of_service"
    />,
    {
      route: '/',
      path: '/',
      routes: { '/signup': <h1>Create your account</h1>, '/pricing': <h1>Plans</h1> },
    },
  );
}

describe('LandingPage', () => {
  it('explains what Mason is', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Describe the software.Mason builds it while you watch.',
    );
    expect(screen.getByText(/Build Scalable MVPs and Internal Tools with AI/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'From idea to working tool in one conversation' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Describe it in plain words' })).toBeInTheDocument();
  });

  it('leads to sign-up', async () => {
    const view = renderLanding();
    const start = screen.getByRole('link', { name: 'Start building for free' });
    expect(start).toHaveAttribute('href', '/signup');
    await view.user.click(start);
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/signup');
  });

  it('links to pricing and the legal pages', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/privacy_policy',
    );
    expect(footer.getByRole('link', { name: 'Terms of service' })).toHaveAttribute(
      'href',
      '/terms_of_service',
    );
  });
});
