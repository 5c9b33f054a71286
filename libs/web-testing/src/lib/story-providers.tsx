import {
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReducersMapObject, StateFromReducersMapObject } from '@reduxjs/toolkit';
import { makeApiTestStore } from '@mason/api-client/testing';
import { EmptyState, useToast } from '@mason/ui-kit';
import type { LocationProbe } from './render-with-providers';

/** The name of the story parameter that overrides a feature's defaults for one story. */
export const STORY_PROVIDERS_PARAMETER = 'providers';

export interface StoryProvidersOptions<Reducers extends ReducersMapObject = Record<never, never>> {
  /** The URL the story starts at. Default '/'. */
  route?: string;
  /**
   * The route pattern the story answers at (e.g. '/verify-email/:token'). When set, any other
   * URL the story navigates to shows where it went, so a play function can assert it.
   */
  path?: string;
  /** Other pages to mount beside the story (e.g. the screen a form leads to). */
  routes?: Record<string, ReactNode>;
  /** A feature's slices beside the api slice. */
  reducers?: Reducers;
  preloadedState?: Partial<StateFromReducersMapObject<Reducers>>;
  /** Where the base query finds the token (e.g. the session slice). */
  getToken?: (state: StateFromReducersMapObject<Reducers>) => string | null | undefined;
  /** Runs on the fresh store before the story first renders (e.g. dispatch an announcement). */
  setup?: (harness: StoryHarness<Reducers>) => void;
}

/** One story's store and what it recorded: the harness of `makeApiTestStore` and where the router is. */
export type StoryHarness<Reducers extends ReducersMapObject = Record<never, never>> = ReturnType<
  typeof makeApiTestStore<Reducers>
> & { location: LocationProbe };

/** What the decorator reads from Storybook's story context (a structural subset of StoryContext). */
export interface StoryProvidersContext {
  id: string;
  parameters: Record<string, unknown>;
  canvasElement?: unknown;
}

const harnesses = new WeakMap<object, StoryHarness<ReducersMapObject>>();
const harnessesById = new Map<string, StoryHarness<ReducersMapObject>>();

/**
 * The store of the story being played, for play functions that act on it:
 * `getStoryHarness(context).store.dispatch(...)`, `.toasts`, `.location.pathname`.
 */
export function getStoryHarness<Reducers extends ReducersMapObject = Record<never, never>>(
  context: Pick<StoryProvidersContext, 'id' | 'canvasElement'>,
): StoryHarness<Reducers> {
  const harness =
    (context.canvasElement && typeof context.canvasElement === 'object'
      ? harnesses.get(context.canvasElement)
      : undefined) ?? harnessesById.get(context.id);
  if (!harness)
    throw new Error(`Story ${context.id} has no store: decorate it with withStoryProviders().`);
  return harness as unknown as StoryHarness<Reducers>;
}

/** Where a story ended up when it navigated away from its own route. */
function StoryDestination() {
  const location = useLocation();
  return (
    <EmptyState
      bordered
      title="The story navigated away"
      description={
        <>
          Now at{' '}
          <code data-testid="story-destination">{`${location.pathname}${location.search}`}</code>
        </>
      }
    />
  );
}

function LocationSync({ harness }: { harness: StoryHarness<ReducersMapObject> }) {
  const location = useLocation();
  harness.location.pathname = location.pathname;
  harness.location.search = location.search;
  useLayoutEffect(() => harness.setPathname(location.pathname), [harness, location.pathname]);
  return null;
}

function StoryProviders({
  options,
  context,
  children,
}: {
  options: StoryProvidersOptions<ReducersMapObject>;
  context: StoryProvidersContext;
  children: ReactNode;
}) {
  const toast = useToast();
  const toastRef = useRef(toast);
  useLayoutEffect(() => {
    toastRef.current = toast;
  }, [toast]);
  const { route = '/', path, routes = {}, reducers, preloadedState, getToken, setup } = options;

  const [harness] = useState(() => {
    const store = makeApiTestStore<ReducersMapObject>({
      reducers,
      preloadedState,
      getToken,
      pathname: route.split('?')[0],
      // The api listener's toasts show in the preview's toast provider, as in the app.
      notify: (message, toastOptions) => void toastRef.current.show(message, toastOptions.variant),
    });
    const created: StoryHarness<ReducersMapObject> = {
      ...store,
      location: { pathname: route.split('?')[0] ?? '/', search: '' },
    };
    setup?.(created);
    return created;
  });
  if (context.canvasElement && typeof context.canvasElement === 'object')
    harnesses.set(context.canvasElement, harness);
  harnessesById.set(context.id, harness);

  const extraRoutes = Object.entries(routes);
  return (
    <Provider store={harness.store}>
      <MemoryRouter initialEntries={[route]}>
        <LocationSync harness={harness} />
        {path || extraRoutes.length ? (
          <Routes>
            <Route path={path ?? '*'} element={children} />
            {extraRoutes.map(([pattern, element]) => (
              <Route key={pattern} path={pattern} element={element} />
            ))}
            {path && path !== '*' && !routes['*'] && (
              <Route path="*" element={<StoryDestination />} />
            )}
          </Routes>
        ) : (
          children
        )}
      </MemoryRouter>
    </Provider>
  );
}

/**
 * A Storybook decorator for feature stories: a fresh store per story (api-client's test store:
 * the api slice, the given slices, the error listener, toasts shown in the preview's toast
 * provider), and a MemoryRouter at the story's route. The theme comes from the preview. Requests
 * go to the MSW worker of the preview (api-client's handlers; a story adds its own in
 * `parameters.msw.handlers`). One story overrides the defaults with `parameters.providers`:
 *
 *   decorators: [withStoryProviders({ route: '/login', path: '/login', reducers: { session: sessionSlice.reducer } })]
 *   export const Unverified = { parameters: { providers: { preloadedState: { ... } } } };
 */
export function withStoryProviders<Reducers extends ReducersMapObject = Record<never, never>>(
  defaults: StoryProvidersOptions<Reducers> = {},
): (Story: ComponentType, context: StoryProvidersContext) => ReactElement {
  return function StoryProvidersDecorator(Story, context) {
    const override = (context.parameters[STORY_PROVIDERS_PARAMETER] ??
      {}) as StoryProvidersOptions<Reducers>;
    const options = {
      ...defaults,
      ...override,
      preloadedState: { ...defaults.preloadedState, ...override.preloadedState },
    } as unknown as StoryProvidersOptions<ReducersMapObject>;
    return (
      <StoryProviders key={context.id} options={options} context={context}>
        <Story />
      </StoryProviders>
    );
  };
}
