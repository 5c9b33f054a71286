// OpenRouter's OAuth PKCE flow in its own wire format (https://openrouter.ai/docs/use-cases/oauth-pkce):
// the person is sent to `{authUrl}?callback_url&code_challenge&code_challenge_method=S256`,
// OpenRouter sends them back to callback_url with `code`, and the code and its verifier are
// exchanged for a key of the person's account with POST `{apiUrl}/auth/keys`. OpenRouter asks
// for no client id or secret, and has no `state` parameter: Mason's rides in the callback URL.
import type { OpenRouterConfig } from './open-router-config';

/** OpenRouter answered with an error status (or not at all: status 0). */
export class OpenRouterError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OpenRouterError';
  }
}

/** What OpenRouter gives for a code: a key of the person's account. */
export interface OpenRouterGrant {
  readonly key: string;
  /** OpenRouter's id of the person (it may leave it out). */
  readonly userId: string | null;
}

export interface OpenRouterOauth {
  /** The authorize page for a callback URL and the S256 challenge of a PKCE verifier. */
  authorizeUrl(callbackUrl: string, codeChallenge: string): string;
  exchangeCode(code: string, codeVerifier: string): Promise<OpenRouterGrant>;
}

const REQUEST_TIMEOUT_MS = 15_000;

interface KeyAnswer {
  key?: unknown;
  user_id?: unknown;
}

interface ErrorAnswer {
  error?: { message?: unknown };
}

async function errorMessageOf(response: Response): Promise<string> {
  try {
    const message = ((await response.json()) as ErrorAnswer).error?.message;
    return typeof message === 'string' ? message : '';
  } catch {
    return '';
  }
}

export function openRouterOauth(
  config: OpenRouterConfig,
  fetchImpl: typeof fetch = fetch,
): OpenRouterOauth {
  return {
    authorizeUrl(callbackUrl, codeChallenge) {
      const url = new URL(config.authUrl);
      url.searchParams.set('callback_url', callbackUrl);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    async exchangeCode(code, codeVerifier) {
      let response: Response;
      try {
        response = await fetchImpl(`${config.apiUrl}/auth/keys`, {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({
            code,
            code_verifier: codeVerifier,
            code_challenge_method: 'S256',
          }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        throw new OpenRouterError(0, `OpenRouter could not be reached: ${String(error)}`);
      }
      if (!response.ok) {
        const said = await errorMessageOf(response);
        throw new OpenRouterError(
          response.status,
          `OpenRouter answered ${response.status} to /auth/keys${said ? `: ${said}` : ''}`,
        );
      }
      let answer: KeyAnswer;
      try {
        answer = (await response.json()) as KeyAnswer;
      } catch {
        answer = {};
      }
      if (typeof answer.key !== 'string' || !answer.key)
        throw new OpenRouterError(502, 'OpenRouter answered /auth/keys without a key');
      return {
        key: answer.key,
        userId: typeof answer.user_id === 'string' ? answer.user_id : null,
      };
    },
  };
}
