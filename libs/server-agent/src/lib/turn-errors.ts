import type { ModelProvider } from '@mason/contract';
import {
  APICallError,
  InvalidResponseDataError,
  JSONParseError,
  NoOutputGeneratedError,
  RetryError,
  TypeValidationError,
} from 'ai';
import { PROVIDER_KEY_ENV, PROVIDER_LABELS } from './model-registry';
import type { TurnOutcome } from './types';

/** The error a provider call ended with, past the retry wrapper. */
function unwrap(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    if (RetryError.isInstance(current) && current.lastError !== undefined)
      current = current.lastError;
    else if (NoOutputGeneratedError.isInstance(current) && current.cause !== undefined)
      current = current.cause;
    else return current;
  }
  return current;
}

/** fetch's "fetch failed" (a refused connection, an unknown host, a reset), from any realm. */
function isNetworkError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { message, code, cause } = error as {
    message?: unknown;
    code?: unknown;
    cause?: { code?: unknown };
  };
  if (message === 'fetch failed') return true;
  const errorCode = code ?? cause?.code;
  return (
    typeof errorCode === 'string' &&
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'ETIMEDOUT',
      'EAI_AGAIN',
      'EPIPE',
      'UND_ERR_SOCKET',
      'UND_ERR_CONNECT_TIMEOUT',
    ].includes(errorCode)
  );
}

/**
 * How a turn ends when the model call fails: OpenRouter's 401 and 402 need the person
 * (OPEN_ROUTER_*); every other failure is `failed` with a code and a sentence saying what to do.
 */
export function outcomeOfProviderError(
  error: unknown,
  provider: ModelProvider,
  ownKey = false,
): TurnOutcome {
  const cause = unwrap(error);
  const name = PROVIDER_LABELS[provider];
  const keyEnv = PROVIDER_KEY_ENV[provider];

  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === undefined) {
      return {
        kind: 'failed',
        code: 'PROVIDER_UNREACHABLE',
        message: `Mason could not reach ${name}. Check the network connection and the provider's base URL, then try again.`,
      };
    }
    if (provider === 'openrouter' && status === 401) {
      return {
        kind: 'needs-attention',
        reason: 'OPEN_ROUTER_INVALID_KEY',
        message: ownKey
          ? 'OpenRouter refused your key: it may have been revoked or expired. Connect OpenRouter again in Integrations, then resume the task.'
          : 'OpenRouter refused the API key. Set a valid OPENROUTER_API_KEY (or connect an OpenRouter account), then resume the task.',
      };
    }
    if (provider === 'openrouter' && status === 402) {
      return {
        kind: 'needs-attention',
        reason: 'OPEN_ROUTER_NO_CREDITS',
        message: ownKey
          ? 'Your OpenRouter account has no credits left. Top up at OpenRouter, then resume the task.'
          : 'The OpenRouter account has no credits left. Add credits at openrouter.ai, then resume the task.',
      };
    }
    if (status === 401 || status === 403) {
      return {
        kind: 'failed',
        code: 'PROVIDER_AUTH',
        message: `${name} refused the API key (${status}). Check ${keyEnv}, restart Mason, then try again.`,
      };
    }
    if (status === 402) {
      return {
        kind: 'failed',
        code: 'PROVIDER_BILLING',
        message: `${name} refused the request because the account has no credits left (402). Add credits, then try again.`,
      };
    }
    if (status === 429) {
      return {
        kind: 'failed',
        code: 'RATE_LIMITED',
        message: `${name} is limiting requests right now (429). Wait a minute, then try again.`,
      };
    }
    if (status >= 500) {
      return {
        kind: 'failed',
        code: 'PROVIDER_ERROR',
        message: `${name} had a problem answering (${status}). Try again in a moment.`,
      };
    }
    return {
      kind: 'failed',
      code: 'PROVIDER_REJECTED',
      message: `${name} rejected the request (${status}): ${cause.message.slice(0, 300)}`,
    };
  }
  if (isNetworkError(cause)) {
    return {
      kind: 'failed',
      code: 'PROVIDER_UNREACHABLE',
      message: `Mason could not reach ${name}. Check the network connection and the provider's base URL, then try again.`,
    };
  }
  if (
    TypeValidationError.isInstance(cause) ||
    JSONParseError.isInstance(cause) ||
    InvalidResponseDataError.isInstance(cause)
  ) {
    return {
      kind: 'failed',
      code: 'MALFORMED',
      message: `${name} sent an answer Mason could not read. Try again, or pick another model.`,
    };
  }
  const errorName =
    typeof cause === 'object' && cause !== null ? (cause as { name?: unknown }).name : undefined;
  const label = typeof errorName === 'string' && errorName !== 'Error' ? ` (${errorName})` : '';
  return {
    kind: 'failed',
    code: 'AGENT_ERROR',
    message: `The assistant stopped after an unexpected error${label}. Try again; if it keeps happening, pick another model.`,
  };
}
