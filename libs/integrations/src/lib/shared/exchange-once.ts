/** The code and state a service sent the person back with (GitHub, Supabase, an MCP server, OpenRouter). */
interface AccessCode {
  readonly state: string;
  readonly code: string;
}

/**
 * The exchanges of this page load, by state and code. A code works once at the service and a state
 * once at Mason, so the callback screen must post them once, whatever React does: an effect run
 * twice (StrictMode), or the screen mounted again (a Suspense boundary above it). Every run of the
 * screen's effect gets the same promise.
 */
const exchanges = new Map<string, Promise<unknown>>();

/** `service` keeps two services' exchanges apart (the same state and code are one exchange each). */
const keyOf = ({ state, code }: AccessCode, service: string) => `${service}\n${state}\n${code}`;

export function exchangeOnce<T>(
  request: AccessCode,
  run: () => Promise<T>,
  service = '',
): Promise<T> {
  const key = keyOf(request, service);
  const started = exchanges.get(key);
  if (started) return started as Promise<T>;
  const exchange = run();
  exchanges.set(key, exchange);
  return exchange;
}

/** Lets the next exchangeOnce of `request` post again (after a failure worth retrying). */
export function forgetExchange(request: AccessCode, service = ''): void {
  exchanges.delete(keyOf(request, service));
}
