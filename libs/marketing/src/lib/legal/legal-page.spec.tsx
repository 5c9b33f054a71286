import { render, screen } from '@testing-library/react';
import { createThemeWrapper } from '@mason/ui-kit/testing';
import { PrivacyPolicyPage, TermsOfServicePage } from './legal-page';

const wrapper = createThemeWrapper();

describe('legal pages', () => {
  it('the privacy policy has its title and sections', () => {
    render(<PrivacyPolicyPage />, { wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['What we keep', 'What we do with it', 'Analytics', 'Your rights']);
    expect(
      screen.getByText(/Session recordings mask every input and all text/),
    ).toBeInTheDocument();
  });

  it('the terms of service have their title and sections', () => {
    render(<TermsOfServicePage />, { wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Your account', 'Your projects', 'Plans and payment', 'Availability']);
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();
  });
});
