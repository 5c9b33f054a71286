import { isApiError } from '@mason/api-client';

/**
 * Why a code-hosting call failed, in words a person can act on: the catalogue's message, except
 * for a 502, where the server's own words say that GitHub (not Mason) could not be reached (the
 * catalogue would say only 'Unknown server error').
 */
export function reasonOf(failure: unknown, fallback: string): string {
  if (!isApiError(failure)) return fallback;
  if (failure.status === 502 && failure.serverMessage) return failure.serverMessage;
  return failure.message;
}
