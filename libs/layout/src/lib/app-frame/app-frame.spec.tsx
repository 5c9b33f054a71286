import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@mason/web-testing';
import { AppFrame } from './app-frame';

const NAV = [
  { label: 'Projects', to: '/dashboard/projects' },
  { label: 'Billing', to: '/dashboard/billing', also: ['/billing'] },
  { label: 'Settings', to: '/dashboard/settings' },
];

/**
 * The main navigation. jsdom applies no @media rules, so it sees the narrow-screen style, where
 * the nav is display:none (it shows from the md breakpoint up): the queries include hidden
 * elements, and the nav is found by its label (a hidden element's accessible name is empty).
 */
function mainNav() {
  const nav = screen.getByLabelText('Main');
  expect(nav.tagName).toBe('NAV');
  return within(nav);
}
const link = (name: string) => mainNav().getByRole('link', { name, hidden: true });

function renderFrame(route: string) {
  return renderWithProviders(
    <AppFrame
      homeHref="/dashboard/projects"
      nav={NAV}
      actions={<button type="button">Account menu</button>}
    >
      <h1>Page content</h1>
    </AppFrame>,
    { route },
  );
}

describe('AppFrame', () => {
  it('headerless: only the page, which brings its own bar (the project workspace)', () => {
    renderWithProviders(
      <AppFrame
        homeHref="/dashboard/projects"
        nav={NAV}
        actions={<button type="button">Menu</button>}
        headerless
      >
        <h1>Workspace</h1>
      </AppFrame>,
    );
    expect(screen.getByRole('heading', { name: 'Workspace' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Main')).not.toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('renders the navigation with aria-current on the active link only', () => {
    renderFrame('/dashboard/billing');
    expect(
      mainNav()
        .getAllByRole('link', { hidden: true })
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Projects', '/dashboard/projects'],
      ['Billing', '/dashboard/billing'],
      ['Settings', '/dashboard/settings'],
    ]);
    expect(link('Billing')).toHaveAttribute('aria-current', 'page');
    expect(link('Projects')).not.toHaveAttribute('aria-current');
    expect(link('Settings')).not.toHaveAttribute('aria-current');
  });

  it('marks an item current at its other addresses too (/billing is the billing screen)', () => {
    renderFrame('/billing');
    expect(link('Billing')).toHaveAttribute('aria-current', 'page');
    expect(link('Projects')).not.toHaveAttribute('aria-current');
  });

  it('moves aria-current when the person follows a link', async () => {
    const view = renderFrame('/dashboard/projects');
    await view.user.click(link('Settings'));
    expect(view.location.pathname).toBe('/dashboard/settings');
    expect(link('Settings')).toHaveAttribute('aria-current', 'page');
    expect(link('Projects')).not.toHaveAttribute('aria-current');
  });

  it('marks no link on a page below one (links match their own page only)', () => {
    renderFrame('/dashboard/projects/new');
    for (const each of mainNav().getAllByRole('link', { hidden: true }))
      expect(each).not.toHaveAttribute('aria-current');
  });

  it('shows the home link, the actions and the page', () => {
    renderFrame('/dashboard/projects');
    expect(screen.getByRole('link', { name: 'Mason home' })).toHaveAttribute(
      'href',
      '/dashboard/projects',
    );
    expect(screen.getByRole('banner')).toContainElement(
      screen.getByRole('button', { name: 'Account menu' }),
    );
    expect(screen.getByRole('heading', { name: 'Page content' })).toBeInTheDocument();
  });

  it('folds the navigation into a menu on small screens that opens each page', async () => {
    const view = renderFrame('/dashboard/projects');
    await view.user.click(screen.getByRole('button', { name: 'Open navigation' }));
    await view.user.click(screen.getByRole('menuitem', { name: 'Billing' }));
    expect(view.location.pathname).toBe('/dashboard/billing');
  });

  it('has no navigation when there are no links', () => {
    renderWithProviders(
      <AppFrame homeHref="/">
        <h1>Page content</h1>
      </AppFrame>,
    );
    expect(screen.queryByLabelText('Main')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { hidden: true })).not.toBeInTheDocument();
  });
});
