import { screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn } from '../test-utils/render-auth';
import { AccountMenu } from './account-menu';

const server = setupApiServer();

function renderMenu() {
  return renderAuth(<AccountMenu />, {
    route: '/dashboard/projects',
    path: '/dashboard/projects',
    routes: { '/settings': <h1>Settings page</h1> },
    session: signedIn,
  });
}

beforeEach(() => {
  localStorage.setItem('mason.session.token', 'test-token');
  localStorage.setItem('mason.session.email', 'ada@example.com');
});

describe('AccountMenu', () => {
  it('opens from the keyboard and shows who is signed in', async () => {
    const view = renderMenu();
    const trigger = screen.getByRole('button', { name: /^Account menu/ });
    await waitFor(() =>
      expect(within(trigger).getByRole('img', { name: 'Ada Lovelace' })).toBeInTheDocument(),
    );
    // The initials it shows are in its name (what a voice-control user says to press it).
    expect(trigger).toHaveTextContent('AL');
    expect(trigger).toHaveAccessibleName('Account menu, AL');

    await view.user.tab();
    expect(trigger).toHaveFocus();
    await view.user.keyboard('{Enter}');

    const menu = screen.getByRole('menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveFocus();

    await view.user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('shows the stored e-mail until the account has loaded', async () => {
    server.use(pendingHandler('getCurrentUser'));
    const view = renderMenu();
    await view.user.click(screen.getByRole('button', { name: /^Account menu/ }));
    expect(within(screen.getByRole('menu')).getAllByText('ada@example.com')).toHaveLength(2);
    expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument();
  });

  it('"Settings" opens the settings page', async () => {
    const view = renderMenu();
    await view.user.click(screen.getByRole('button', { name: /^Account menu/ }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    expect(view.location.pathname).toBe('/settings');
  });

  it('"Log out" (chosen with the arrow keys) ends the session', async () => {
    const revoked: (string | null)[] = [];
    server.use(
      mockEndpoint('logout', ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return { ok: true };
      }),
    );
    const view = renderMenu();
    await view.user.tab();
    await view.user.keyboard('{ArrowDown}');
    await view.user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Log out' })).toHaveFocus();
    await view.user.keyboard('{Enter}');

    await waitFor(() => expect(view.store.getState().session.status).toBe('anonymous'));
    expect(revoked).toEqual(['Bearer test-token']);
    expect(localStorage.getItem('mason.session.token')).toBeNull();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
