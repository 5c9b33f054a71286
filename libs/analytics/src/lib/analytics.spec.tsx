import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { act } from 'react';
import { createAnalytics, noopAnalytics, type PosthogLike } from './analytics';
import { AnalyticsProvider, PageViewTracker } from './analytics-provider';

function fakePosthog() {
  const calls: unknown[][] = [];
  const posthog: PosthogLike = {
    init: (...args) => calls.push(['init', ...args]),
    capture: (...args) => calls.push(['capture', ...args]),
    identify: (...args) => calls.push(['identify', ...args]),
    reset: () => calls.push(['reset']),
  };
  return { posthog, calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createAnalytics', () => {
  it('sends nothing and loads nothing without a key', async () => {
    const load = jest.fn();
    expect(createAnalytics(null, load)).toBe(noopAnalytics);
    expect(createAnalytics({ key: '', host: 'x' }, load)).toBe(noopAnalytics);
    expect(load).not.toHaveBeenCalled();
  });

  it('initialises posthog with inputs and text masked, then sends page views and identify in order', async () => {
    const { posthog, calls } = fakePosthog();
    const analytics = createAnalytics(
      { key: 'phc_test', host: 'https://ph.example' },
      async () => posthog,
    );
    analytics.pageView('/login');
    analytics.identify({ id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace' });
    await flush();
    const [init, ...rest] = calls;
    expect(init[0]).toBe('init');
    expect(init[1]).toBe('phc_test');
    expect(init[2]).toMatchObject({
      api_host: 'https://ph.example',
      mask_all_text: true,
      session_recording: { maskAllInputs: true, maskTextSelector: '*' },
    });
    expect(rest).toEqual([
      ['capture', '$pageview', { $current_url: '/login' }],
      ['identify', 'u1', { email: 'ada@example.com', name: 'Ada Lovelace' }],
    ]);
  });
});

describe('PageViewTracker', () => {
  it('records a page view on every route change', async () => {
    const pageView = jest.fn();
    let navigate: ReturnType<typeof useNavigate> | undefined;
    function Page() {
      navigate = useNavigate();
      return <PageViewTracker />;
    }
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], {
      initialEntries: ['/login'],
    });
    render(
      <AnalyticsProvider analytics={{ ...noopAnalytics, pageView }}>
        <RouterProvider router={router} />
      </AnalyticsProvider>,
    );
    await act(async () => navigate?.('/pricing?plan=PRO'));
    expect(pageView.mock.calls).toEqual([['/login'], ['/pricing?plan=PRO']]);
  });
});
