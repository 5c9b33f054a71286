import { ConfigError } from '@mason/server-http';

/**
 * Where Mason reaches OpenRouter for a person's own account: its authorize page
 * (OPENROUTER_AUTH_URL) and its API (OPENROUTER_BASE_URL, the same setting the server's own
 * OPENROUTER_API_KEY is used with): the code is exchanged at `{apiUrl}/auth/keys`, and the
 * person's turns run on `{apiUrl}/chat/completions`. Tests point both at a stand-in.
 */
export interface OpenRouterConfig {
  readonly authUrl: string;
  readonly apiUrl: string;
}

export const DEFAULT_OPENROUTER_AUTH_URL = 'https://openrouter.ai/auth';
/** OpenRouter's API, the AI SDK provider's default base URL too. */
export const DEFAULT_OPENROUTER_API_URL = 'https://openrouter.ai/api/v1';

/** The variables of OpenRouterConfig, as messages name them. */
export const OPENROUTER_VARIABLES = {
  authUrl: 'OPENROUTER_AUTH_URL',
  apiUrl: 'OPENROUTER_BASE_URL',
} as const;

type Env = Record<string, string | undefined>;

function httpUrl(env: Env, name: string, fallback: string): string {
  const value = (env[name]?.trim() || fallback).replace(/\/+$/, '');
  let protocol: string | null;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = null;
  }
  if (protocol !== 'https:' && protocol !== 'http:')
    throw new ConfigError(`${name} must be an http(s) URL (it is "${value}").`);
  return value;
}

/**
 * OpenRouter's addresses from the environment. OpenRouter's OAuth PKCE flow needs no app of
 * Mason's (no client id, no secret), so a person can always connect their account.
 */
export function openRouterConfigFromEnv(env: Env): OpenRouterConfig {
  return {
    authUrl: httpUrl(env, OPENROUTER_VARIABLES.authUrl, DEFAULT_OPENROUTER_AUTH_URL),
    apiUrl: httpUrl(env, OPENROUTER_VARIABLES.apiUrl, DEFAULT_OPENROUTER_API_URL),
  };
}
