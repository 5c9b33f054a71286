import { screen, waitFor, within } from '@testing-library/react';
import { aDomain, errorHandler, fixtureTimeAgo, pendingHandler } from '@mason/api-client/testing';
import { setupApiServer } from '@mason/web-testing';
import { domainsFake } from '../test-utils/domains-fake';
import { renderProjects } from '../test-utils/render-projects';
import { DomainsScreen } from './domains-screen';

const server = setupApiServer();

const renderScreen = (route = '/domains?projectId=project-1') =>
  renderProjects(<DomainsScreen />, { route, path: '/domains' });

/** The browser's clipboard, as far as the copy buttons use it. */
function fakeClipboard() {
  const clipboard = {
    text: '',
    writeText: async (text: string) => {
      clipboard.text = text;
    },
  };
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
  return clipboard;
}

const card = (domain: string) =>
  within(screen.getByRole('article', { name: new RegExp(`^${domain.replace(/\./g, '\\.')}`) }));

describe('DomainsScreen', () => {
  it('asks for a project when none is named: each project opens its domains', async () => {
    renderScreen('/domains');
    expect(screen.getByRole('heading', { level: 1, name: 'Domains' })).toBeInTheDocument();
    const choices = await screen.findByRole('navigation', { name: 'Choose a project' });
    expect(within(choices).getByRole('link', { name: 'Todo app' })).toHaveAttribute(
      'href',
      '/domains?projectId=project-1',
    );
  });

  it('adds a domain, shows the records to create with copy buttons, checks them and turns active', async () => {
    const fake = domainsFake();
    server.use(...fake.handlers);
    const view = renderScreen();
    const clipboard = fakeClipboard();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Domains of Todo app' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No domains yet' })).toBeInTheDocument();

    await view.user.type(screen.getByRole('textbox', { name: 'Domain' }), 'Shop.Example.com');
    await view.user.click(screen.getByRole('button', { name: 'Add domain' }));

    const shop = await screen.findByRole('article', { name: /^shop\.example\.com/ });
    expect(within(shop).getByText('Waiting for DNS')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Domain' })).toHaveValue('');
    const records = within(
      within(shop).getByRole('list', { name: 'Records to create for shop.example.com' }),
    );
    const txt = within(records.getByRole('listitem', { name: 'TXT record' }));
    expect(txt.getByText('_mason-challenge.shop.example.com')).toBeInTheDocument();
    expect(txt.getByText('mason-verify-5f1c0d2a9b7e4c3f8a6d1e0b2c4f6a8d')).toBeInTheDocument();
    expect(txt.getByText('Not checked yet')).toBeInTheDocument();
    const cname = within(records.getByRole('listitem', { name: 'CNAME record' }));
    expect(cname.getByText('apps.mason.localhost')).toBeInTheDocument();

    // Copy buttons put the exact value on the clipboard.
    await view.user.click(txt.getByRole('button', { name: 'Copy the value of the TXT record' }));
    expect(clipboard.text).toBe('mason-verify-5f1c0d2a9b7e4c3f8a6d1e0b2c4f6a8d');
    expect(txt.getByRole('button', { name: 'Copy the value of the TXT record' })).toHaveTextContent(
      'Copied',
    );
    await view.user.click(cname.getByRole('button', { name: 'Copy the name of the CNAME record' }));
    expect(clipboard.text).toBe('shop.example.com');

    // Checked before the records exist: each says it was not found.
    await view.user.click(
      within(shop).getByRole('button', { name: 'Check now for shop.example.com' }),
    );
    expect(
      await screen.findByText('2 of 2 records of shop.example.com were not found.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(txt.getByText('No TXT record found.')).toBeInTheDocument());
    expect(txt.getByText('Not found')).toBeInTheDocument();

    // The person creates them; the next check finds them.
    fake.createRecords('shop.example.com');
    await view.user.click(
      within(shop).getByRole('button', { name: 'Check now for shop.example.com' }),
    );
    await waitFor(() => expect(card('shop.example.com').getByText('Active')).toBeInTheDocument());
    expect(screen.getByText('Every record of shop.example.com was found.')).toBeInTheDocument();
    expect(
      card('shop.example.com').getByRole('link', { name: /https:\/\/shop\.example\.com/ }),
    ).toHaveAttribute('href', 'https://shop.example.com/');
    expect(card('shop.example.com').getAllByText('Found')).toHaveLength(2);
  });

  it('checks a domain in the browser before sending it, and shows the server’s word on a second claim', async () => {
    const fake = domainsFake({ domains: [aDomain({ domain: 'taken.example.com' })] });
    server.use(...fake.handlers);
    const view = renderScreen();
    const field = await screen.findByRole('textbox', { name: 'Domain' });

    await view.user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a domain.'));
    await view.user.type(field, 'not a domain');
    await view.user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Enter a domain like app.example.com.'),
    );

    await view.user.clear(field);
    await view.user.type(field, 'taken.example.com');
    await view.user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        expect.stringContaining('taken.example.com is already added to this project.'),
      ),
    );
    expect(fake.state.domains).toHaveLength(1);
    // A form's error is shown beside it, never as a toast.
    expect(view.toasts).toEqual([]);
  });

  it('says when the project is not published, and links to it instead of offering the form', async () => {
    server.use(...domainsFake({ published: false }).handlers);
    renderScreen();

    expect(await screen.findByText('Todo app is not published yet')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Domain' })).not.toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Open project' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/projects/project-1',
      '/projects/project-1',
    ]);
  });

  it('on a plan without custom domains, leads to the plans (and back) instead of the form, and keeps the domains listed', async () => {
    server.use(
      ...domainsFake({
        planIncludesDomains: false,
        domains: [aDomain({ domain: 'old.example.com' })],
      }).handlers,
    );
    renderScreen();

    expect(
      await screen.findByText('Custom domains come with the Pro and Usage-based plans'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      `/dashboard/billing?returnTo=${encodeURIComponent('/domains?projectId=project-1')}`,
    );
    expect(screen.queryByRole('textbox', { name: 'Domain' })).not.toBeInTheDocument();
    expect(card('old.example.com').getByRole('heading', { name: 'old.example.com' })).toBeVisible();
  });

  it('removes a domain after a confirmation', async () => {
    const fake = domainsFake({
      domains: [aDomain({ domain: 'old.example.com' }), aDomain({ domain: 'keep.example.com' })],
    });
    server.use(...fake.handlers);
    const view = renderScreen();

    await view.user.click(
      await within(await screen.findByRole('article', { name: /^old\.example\.com/ })).findByRole(
        'button',
        { name: 'Remove old.example.com' },
      ),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove old.example.com?' });
    expect(dialog).toHaveTextContent('The app stops opening at old.example.com at once.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.state.domains).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: 'Remove old.example.com' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove domain' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: /^old\.example\.com/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: /^keep\.example\.com/ })).toBeInTheDocument();
  });

  it('warns when an active domain’s records went missing, and when a domain stopped working', async () => {
    server.use(
      ...domainsFake({
        domains: [
          aDomain({
            domain: 'flaky.example.com',
            status: 'ACTIVE',
            verifiedAt: fixtureTimeAgo({ hours: 5 }),
            checkedAt: fixtureTimeAgo({ minutes: 12 }),
            activeUntil: '2025-01-18T07:00:00.000Z',
            checks: [
              {
                type: 'TXT',
                name: '_mason-challenge.flaky.example.com',
                ok: true,
                detail: 'Found, with the right value.',
              },
              {
                type: 'CNAME',
                name: 'flaky.example.com',
                ok: false,
                detail: 'No CNAME record found.',
              },
            ],
          }),
          aDomain({ domain: 'gone.example.com', status: 'FAILED' }),
        ],
      }).handlers,
    );
    renderScreen();

    const flaky = within(await screen.findByRole('article', { name: /^flaky\.example\.com/ }));
    expect(flaky.getByText('Records missing')).toBeInTheDocument();
    expect(flaky.getByText('Some records are missing')).toBeInTheDocument();
    expect(flaky.getByText(/could not find one record/)).toBeInTheDocument();
    expect(flaky.getByText('Last checked 12 minutes ago.', { exact: false })).toBeInTheDocument();
    const gone = within(screen.getByRole('article', { name: /^gone\.example\.com/ }));
    expect(gone.getByText('Not working')).toBeInTheDocument();
    expect(gone.getByText('The records are gone')).toBeInTheDocument();
  });

  it('shows loading, then an error the person can retry', async () => {
    server.use(pendingHandler('getProjectDomains'));
    const { unmount } = renderScreen();
    expect(await screen.findByText('Loading the domains…')).toBeInTheDocument();
    unmount();

    server.use(errorHandler('getProjectDomains', 500));
    const view = renderScreen();
    expect(
      await screen.findByRole('heading', { name: 'The domains could not be loaded' }),
    ).toBeInTheDocument();
    server.use(...domainsFake().handlers);
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No domains yet' })).toBeInTheDocument();
  });
});
