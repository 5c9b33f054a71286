import { screen } from '@testing-library/react';
import { renderIntegrations } from '../test-utils/render-integrations';
import { SupabaseRedirectScreen } from './supabase-redirect-screen';

describe('SupabaseRedirectScreen', () => {
  it('says no account was connected and nothing changed, and shows the way that works', () => {
    renderIntegrations(
      <SupabaseRedirectScreen
        projectsPath="/dashboard/projects"
        integrationsPath="/integrations"
      />,
      { route: '/integrations/supabase/redirect', path: '/integrations/supabase/redirect' },
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Supabase' })).toBeInTheDocument();
    expect(screen.getByText('No Supabase account was connected')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed/)).toBeInTheDocument();
    expect(screen.getByText(/Settings → Database → Attach a database service/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
    expect(screen.queryByText(/coming soon|upcoming release/i)).not.toBeInTheDocument();
  });
});
