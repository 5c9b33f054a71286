import { cleanup, render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReducersMapObject, StateFromReducersMapObject } from '@reduxjs/toolkit';
import { api } from '@mason/api-client';
import { makeApiTestStore } from '@mason/api-client/testing';
import { createThemeWrapper } from '@mason/ui-kit/testing';

export interface RenderWithProvidersOptions<Reducers extends ReducersMapObject> {
  /** The URL the test starts at. Default '/'. */
  route?: string;
  /** The route pattern `ui` answers at (e.g. '/verify-email/:token'); other URLs render nothing. */
  path?: string;
  /** Other routes to mount beside `ui` (e.g. the page a screen navigates to). */
  routes?: Record<string, ReactNode>;
  /** A feature's slices beside the api slice. */
  reducers?: Reducers;
  preloadedState?: Partial<StateFromReducersMapObject<Reducers>>;
  /** Where the base query finds the token (e.g. the session slice). */
  getToken?: (state: StateFromReducersMapObject<Reducers>) => string | null | undefined;
  /**
   * What a feature puts around each of its screens (its paths provider): wraps `ui` and every
   * element of `routes`, as the app's shell does for each route.
   */
  wrap?: (node: ReactNode) => ReactNode;
}

type TestStore = ReturnType<typeof makeApiTestStore>['store'];
const stores: TestStore[] = [];

// After each test: unmount, then drop each store's cache, which stops the polling and closes the
// task event streams its queries started (a store outlives its test otherwise).
afterEach(() => {
  cleanup();
  for (const store of stores.splice(0)) store.dispatch(api.util.resetApiState());
});

/** Where a feature's screen is rendered: the options its render helper passes on. */
export type ScreenRouteOptions = Pick<
  RenderWithProvidersOptions<Record<never, never>>,
  'route' | 'path' | 'routes'
>;

export interface LocationProbe {
  pathname: string;
  search: string;
}

function LocationSpy({
  probe,
  onChange,
}: {
  probe: LocationProbe;
  onChange: (pathname: string) => void;
}) {
  const location = useLocation();
  probe.pathname = location.pathname;
  probe.search = location.search;
  useLayoutEffect(() => onChange(location.pathname), [location.pathname, onChange]);
  return null;
}

/**
 * Renders a screen the way the app does: a fresh store (the api slice, the given slices and
 * the api listener), the theme and toasts, and a router at `route`; the store's cache is dropped
 * after the test. Requests go to the MSW
 * handlers of api-client (see `setupApiServer`). Returns the store, the toasts the api
 * listener raised, where the router is now, and a user-event instance.
 */
export function renderWithProviders<Reducers extends ReducersMapObject = Record<never, never>>(
  ui: ReactElement,
  {
    route = '/',
    path,
    routes = {},
    reducers,
    preloadedState,
    getToken,
    wrap = (node) => node,
  }: RenderWithProvidersOptions<Reducers> = {},
): RenderResult &
  ReturnType<typeof makeApiTestStore<Reducers>> & { user: UserEvent; location: LocationProbe } {
  const harness = makeApiTestStore<Reducers>({
    reducers,
    preloadedState,
    getToken,
    pathname: route.split('?')[0],
  });
  stores.push(harness.store);
  const location: LocationProbe = { pathname: route, search: '' };
  const Theme = createThemeWrapper({ mode: 'dark' });
  const user = userEvent.setup();
  const view = render(
    <Provider store={harness.store}>
      <Theme>
        <MemoryRouter initialEntries={[route]}>
          <LocationSpy probe={location} onChange={harness.setPathname} />
          {path || Object.keys(routes).length ? (
            <Routes>
              <Route path={path ?? '*'} element={wrap(ui)} />
              {Object.entries(routes).map(([pattern, element]) => (
                <Route key={pattern} path={pattern} element={wrap(element)} />
              ))}
            </Routes>
          ) : (
            wrap(ui)
          )}
        </MemoryRouter>
      </Theme>
    </Provider>,
  );
  return { ...view, ...harness, user, location };
}
