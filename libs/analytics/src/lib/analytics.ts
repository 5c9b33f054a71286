/** Who the person is, as analytics sees them (SPEC.md 7: id, e-mail and full name). */
export interface AnalyticsIdentity {
  id: string;
  email: string;
  fullName: string;
}

/** The one adapter every page view and identify goes through. */
export interface Analytics {
  pageView(path: string): void;
  identify(identity: AnalyticsIdentity): void;
  reset(): void;
}

export interface AnalyticsConfig {
  key: string;
  host: string;
}

/** The part of posthog-js the adapter uses; the real client is loaded only when a key is set. */
export interface PosthogLike {
  init(key: string, options: Record<string, unknown>): unknown;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  identify(id: string, properties?: Record<string, unknown>): unknown;
  reset(): unknown;
}

export type PosthogLoader = () => Promise<PosthogLike>;

const loadPosthog: PosthogLoader = async () =>
  (await import('posthog-js')).default as unknown as PosthogLike;

/** Nothing is sent: the default when no key is configured. */
export const noopAnalytics: Analytics = {
  pageView: () => undefined,
  identify: () => undefined,
  reset: () => undefined,
};

/**
 * Page views and identify go to posthog when `config` has a key, with every input and all
 * text masked in session recordings (SPEC.md 9); with no config nothing is sent.
 * Calls made before posthog has loaded are queued and replayed in order.
 */
export function createAnalytics(
  config: AnalyticsConfig | null,
  load: PosthogLoader = loadPosthog,
): Analytics {
  if (!config?.key) return noopAnalytics;
  const client = load().then((posthog) => {
    posthog.init(config.key, {
      api_host: config.host,
      capture_pageview: false,
      mask_all_text: true,
      mask_all_element_attributes: true,
      session_recording: { maskAllInputs: true, maskTextSelector: '*' },
      persistence: 'localStorage',
    });
    return posthog;
  });
  const run = (action: (posthog: PosthogLike) => void) => {
    client.then(action, () => undefined);
  };
  return {
    pageView: (path) => run((posthog) => posthog.capture('$pageview', { $current_url: path })),
    identify: ({ id, email, fullName }) =>
      run((posthog) => posthog.identify(id, { email, name: fullName })),
    reset: () => run((posthog) => posthog.reset()),
  };
}
