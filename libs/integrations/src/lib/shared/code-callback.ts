import { isApiError } from '@mason/api-client';

/** The code and state a service's redirect brought back. */
export interface AccessCode {
  readonly state: string;
  readonly code: string;
}

/** What a redirect brought back: a code to exchange, the service's refusal, or nothing. */
export type CodeCallback =
  | { kind: 'code'; request: AccessCode }
  | { kind: 'refused'; message: string }
  | { kind: 'missing' };

export interface RefusalWords {
  /** `error=access_denied`: the person said no. */
  denied: string;
  /** Any other `error`, with its `error_description` when there is one. */
  other: (description: string | null) => string;
}

/**
 * Reads an OAuth redirect (RFC 6749 §4.1.2): `?code=…&state=…`, or `?error=…` (and an
 * `error_description`) when the person or the service said no.
 */
export function readCodeCallback(search: string, words: RefusalWords): CodeCallback {
  const params = new URLSearchParams(search);
  const error = params.get('error')?.trim();
  if (error) {
    const description = params.get('error_description')?.trim() || null;
    return {
      kind: 'refused',
      message: error === 'access_denied' ? words.denied : words.other(description),
    };
  }
  const code = params.get('code')?.trim();
  const state = params.get('state')?.trim();
  if (!code || !state) return { kind: 'missing' };
  return { kind: 'code', request: { code, state } };
}

export type ExchangeOutcome<Result> =
  | { kind: 'working' }
  | { kind: 'done'; result: Result }
  | { kind: 'failed'; message: string; retry: boolean }
  | { kind: 'missing' };

/**
 * A failure in words the person can act on, and whether trying the same code again can help: a
 * refused state or code (400) is said in the server's words ("…expired or was already used…"),
 * where the catalogue would say only 'Invalid Request'; only no answer or a server error is
 * worth trying again.
 */
export function exchangeFailure(error: unknown, fallback: string) {
  if (!isApiError(error)) return { message: fallback, retry: true };
  const retry = error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server';
  return { message: retry ? error.message : (error.serverMessage ?? error.message), retry };
}
