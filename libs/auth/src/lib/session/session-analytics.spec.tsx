import { act, waitFor } from '@testing-library/react';
import { api } from '@mason/api-client';
import { aUser, mockEndpoint } from '@mason/api-client/testing';
import { AnalyticsProvider, type Analytics } from '@mason/analytics';
import { setupApiServer } from '@mason/web-testing';
import { renderAuth, signedIn } from '../test-utils/render-auth';
import { SessionAnalytics } from './session-analytics';
import type { SessionState } from './session-slice';
import { logout, startSession } from './session-thunks';

const server = setupApiServer();

function fakeAnalytics() {
  return { pageView: jest.fn(), identify: jest.fn(), reset: jest.fn() } satisfies Analytics;
}

function renderTracked(analytics: Analytics, session: Partial<SessionState>) {
  return renderAuth(
    <AnalyticsProvider analytics={analytics}>
      <SessionAnalytics />
    </AnalyticsProvider>,
    { session },
  );
}

beforeEach(() => localStorage.clear());

describe('SessionAnalytics', () => {
  it('leaves an anonymous visitor alone: no identify and no reset on page load', () => {
    const analytics = fakeAnalytics();
    renderTracked(analytics, { status: 'anonymous' });
    expect(analytics.identify).not.toHaveBeenCalled();
    expect(analytics.reset).not.toHaveBeenCalled();
  });

  it('identifies the person once with id, e-mail and full name after sign-in', async () => {
    const analytics = fakeAnalytics();
    const view = renderTracked(analytics, { status: 'anonymous' });
    expect(analytics.identify).not.toHaveBeenCalled();

    await act(async () => {
      await view.store
        .dispatch(startSession({ token: 'fresh', email: 'ada@example.com' }))
        .unwrap();
    });
    await waitFor(() => expect(analytics.identify).toHaveBeenCalled());
    expect(analytics.identify.mock.calls).toEqual([
      [{ id: 'user-1', email: 'ada@example.com', fullName: 'Ada Lovelace' }],
    ]);

    // Fetching the same account again (e.g. after saving settings) does not identify again.
    await act(async () => {
      await view.store.dispatch(
        api.endpoints.getCurrentUser.initiate(undefined, { forceRefetch: true }),
      );
    });
    expect(analytics.identify).toHaveBeenCalledTimes(1);
  });

  it('identifies a session restored from storage', async () => {
    server.use(
      mockEndpoint(
        'getCurrentUser',
        aUser({ id: 'user-9', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
      ),
    );
    const analytics = fakeAnalytics();
    renderTracked(analytics, signedIn);
    await waitFor(() =>
      expect(analytics.identify).toHaveBeenCalledWith({
        id: 'user-9',
        email: 'grace@example.com',
        fullName: 'Grace Hopper',
      }),
    );
    expect(analytics.reset).not.toHaveBeenCalled();
  });

  it('forgets the person after sign-out', async () => {
    const analytics = fakeAnalytics();
    const view = renderTracked(analytics, signedIn);
    await waitFor(() => expect(analytics.identify).toHaveBeenCalledTimes(1));
    expect(analytics.reset).not.toHaveBeenCalled();

    await act(async () => {
      await view.store.dispatch(logout());
    });
    expect(analytics.reset).toHaveBeenCalledTimes(1);
    expect(analytics.identify).toHaveBeenCalledTimes(1);
  });

  it('identifies the next person who signs in on the same page', async () => {
    const analytics = fakeAnalytics();
    const view = renderTracked(analytics, signedIn);
    await waitFor(() => expect(analytics.identify).toHaveBeenCalledTimes(1));
    await act(async () => {
      await view.store.dispatch(logout());
    });
    server.use(
      mockEndpoint(
        'getCurrentUser',
        aUser({ id: 'user-2', email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' }),
      ),
    );
    await act(async () => {
      await view.store
        .dispatch(startSession({ token: 'grace-token', email: 'grace@example.com' }))
        .unwrap();
    });
    await waitFor(() => expect(analytics.identify).toHaveBeenCalledTimes(2));
    expect(analytics.identify).toHaveBeenLastCalledWith({
      id: 'user-2',
      email: 'grace@example.com',
      fullName: 'Grace Hopper',
    });
  });
});
