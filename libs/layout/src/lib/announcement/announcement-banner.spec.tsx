import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aClientConfig, mockEndpoint } from '@mason/api-client/testing';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { RootLayout } from '../root-layout/root-layout';
import { AnnouncementBanner } from './announcement-banner';

const server = setupApiServer();

const DISMISSED_KEY = 'mason.banner.dismissedAt.shutdown-2025-10';
const T0 = new Date('2025-10-01T09:00:00.000Z').getTime();
const FIFTEEN_MINUTES = 900_000;

/** Only the clock is fake: MSW, RTK Query and user-event keep their real timers. */
function fakeClockAt(now: number) {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'hrtime',
      'performance',
    ],
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

describe('AnnouncementBanner', () => {
  it('shows the configured text and link', async () => {
    renderWithProviders(<AnnouncementBanner />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Mason will shut down at the end of October 2025.');
    const link = within(banner).getByRole('link', { name: 'Read the migration guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/migration-guide');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows whatever text and link the server configures', async () => {
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({
          banner: {
            id: 'maintenance',
            text: 'Maintenance on Sunday from 02:00 UTC.',
            linkText: 'Status page',
            href: '/status',
          },
        }),
      ),
    );
    renderWithProviders(<AnnouncementBanner />);
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent('Maintenance on Sunday from 02:00 UTC.');
    const link = within(banner).getByRole('link', { name: 'Status page' });
    expect(link).toHaveAttribute('href', '/status');
    expect(link).not.toHaveAttribute('target');
  });

  it('hides on dismissal and remembers when it was dismissed', async () => {
    fakeClockAt(T0);
    const view = renderWithProviders(<AnnouncementBanner />);
    await view.user.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(localStorage.getItem(DISMISSED_KEY)).toBe(String(T0));
  });

  it('stays hidden across a reload within 15 minutes, and is back after', async () => {
    fakeClockAt(T0);
    const first = renderWithProviders(<AnnouncementBanner />);
    await first.user.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    first.unmount();

    jest.setSystemTime(T0 + FIFTEEN_MINUTES - 1);
    const second = renderWithProviders(<AnnouncementBanner />);
    await waitFor(() =>
      expect(second.store.getState().api.queries['getClientConfig(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    second.unmount();

    jest.setSystemTime(T0 + FIFTEEN_MINUTES);
    renderWithProviders(<AnnouncementBanner />);
    expect(await screen.findByRole('region', { name: 'Announcement' })).toBeInTheDocument();
  });

  it('comes back by itself after 15 minutes on a page that stays open', async () => {
    jest.useFakeTimers({
      now: T0,
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'],
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderWithProviders(<AnnouncementBanner />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();

    act(() => jest.advanceTimersByTime(FIFTEEN_MINUTES - 1_000));
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.getByRole('region', { name: 'Announcement' })).toBeInTheDocument();
  });

  it('shows a new announcement even when an earlier one was dismissed', async () => {
    fakeClockAt(T0);
    localStorage.setItem(DISMISSED_KEY, String(T0 - 1_000));
    server.use(
      mockEndpoint(
        'getClientConfig',
        aClientConfig({
          banner: {
            id: 'new-pricing',
            text: 'New prices from December.',
            linkText: 'See pricing',
            href: '/pricing',
          },
        }),
      ),
    );
    renderWithProviders(<AnnouncementBanner />);
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveTextContent(
      'New prices from December.',
    );
  });

  it('shows no banner when the configuration has none', async () => {
    server.use(mockEndpoint('getClientConfig', aClientConfig({ banner: null })));
    const view = renderWithProviders(<AnnouncementBanner />);
    await waitFor(() =>
      expect(view.store.getState().api.queries['getClientConfig(undefined)']?.status).toBe(
        'fulfilled',
      ),
    );
    expect(screen.queryByRole('region', { name: 'Announcement' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Dismiss announcement' })).not.toBeInTheDocument();
  });
});

describe('RootLayout', () => {
  it('puts the banner above the page', async () => {
    renderWithProviders(
      <RootLayout>
        <main>
          <h1>Page</h1>
        </main>
      </RootLayout>,
    );
    const banner = await screen.findByRole('region', { name: 'Announcement' });
    const page = screen.getByRole('main');
    expect(banner.compareDocumentPosition(page) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
