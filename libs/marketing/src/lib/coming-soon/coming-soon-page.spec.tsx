import { render, screen } from '@testing-library/react';
import { createThemeWrapper } from '@mason/ui-kit/testing';
import { ComingSoonPage } from './coming-soon-page';

const wrapper = createThemeWrapper();

describe('ComingSoonPage', () => {
  it('says plainly that the page is coming, with a default explanation', () => {
    render(<ComingSoonPage title="Billing" />, { wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'This part of Mason is being built. It will appear here in an upcoming release.',
      ),
    ).toBeInTheDocument();
  });

  it('shows its own description, a notice and the way on', () => {
    render(
      <ComingSoonPage
        title="Your projects"
        description="Projects arrive in the next release."
        notice={<p role="status">Verify your e-mail address</p>}
        action={<a href="/settings">Account settings</a>}
      />,
      { wrapper },
    );
    expect(screen.getByText('Projects arrive in the next release.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verify your e-mail address');
    expect(screen.getByRole('link', { name: 'Account settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });
});
