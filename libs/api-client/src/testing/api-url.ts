// Where the fake API listens in tests; a leaf module, so the handlers and the test store share it without a loop.
import { API_PREFIX } from '@mason/contract';

/**
 * The API's base URL in tests: absolute, on the document's origin under jsdom
 * (`${location.origin}/api`), http://localhost/api elsewhere. Handlers and test stores agree on it.
 */
export function testBaseUrl(): string {
  const origin =
    typeof location !== 'undefined' && location.origin && location.origin !== 'null'
      ? location.origin
      : 'http://localhost';
  return `${origin}${API_PREFIX}`;
}

/** The absolute URL (an MSW pattern: `:id` params allowed) of an ApiRoutes path. */
export const apiUrl = (path: string, baseUrl: string = testBaseUrl()): string =>
  `${baseUrl}${path}`;
