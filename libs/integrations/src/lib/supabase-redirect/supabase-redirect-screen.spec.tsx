import { screen } from '@testing-library/react';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderIntegrations } from '../test-utils/render-integrations';
import { SupabaseRedirectScreen } from './supabase-redirect-screen';

const server = setupApiServer();
const PATH = '/integrations/supabase/redirect';

function renderAt(search = '') {
  return renderIntegrations(
    <SupabaseRedirectScreen projectsPath="/dashboard/projects" integrationsPath="/integrations" />,
    { route: `${PATH}${search}`, path: PATH },
  );
}

describe('SupabaseRedirectScreen', () => {
  it('posts the code and state Supabase sent back, once, and says the account is connected', async () => {
    const posted: unknown[] = [];
    server.use(
      mockEndpoint('connectSupabase', ({ body }) => {
        posted.push(body);
        return { connection: { connectedAt: '2026-12-03T08:00:00.000Z' }, configured: true };
      }),
    );
    renderAt('?code=code-1&state=state-1');
    expect(screen.getByText('Connecting your Supabase account')).toBeInTheDocument();
    expect(await screen.findByText('Your Supabase account is connected')).toBeInTheDocument();
    expect(screen.getByText(/choose one of your Supabase projects/)).toBeInTheDocument();
    expect(posted).toEqual([{ code: 'code-1', state: 'state-1' }]);
    expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
  });

  it('says why when Mason refuses the state or Supabase the code, with no retry of a used code', async () => {
    server.use(
      errorHandler('connectSupabase', 400, {
        message:
          'This Supabase sign-in link has expired or was already used. Start connecting Supabase again.',
      }),
    );
    renderAt('?code=code-2&state=state-2');
    expect(await screen.findByText('Supabase is not connected')).toBeInTheDocument();
    expect(screen.getByText(/has expired or was already used/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says the person did not approve, when Supabase sends them back with access_denied', () => {
    renderAt('?error=access_denied&state=state-3');
    expect(screen.getByText('Supabase is not connected')).toBeInTheDocument();
    expect(
      screen.getByText('You did not approve Mason on Supabase, so nothing was connected.'),
    ).toBeInTheDocument();
  });

  it('opened by itself: says nothing was connected and shows the ways that work', () => {
    renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Supabase' })).toBeInTheDocument();
    expect(screen.getByText('No Supabase account was connected')).toBeInTheDocument();
    expect(screen.getByText(/Settings → Database → Attach a database service/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to integrations' })).toHaveAttribute(
      'href',
      '/integrations',
    );
    expect(screen.queryByText(/coming soon|upcoming release/i)).not.toBeInTheDocument();
  });
});
