import { ConfigError } from '@mason/server-http';

/** GitHub's OAuth App as Mason uses it (GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET, GITHUB_API_URL). */
export interface GithubConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * GitHub's REST API (https://api.github.com; a GitHub Enterprise Server's https://host/api/v3).
   * Its web address (the authorize page, the code exchange) follows from it.
   */
  readonly apiUrl: string;
  /**
   * The secret GitHub signs its webhooks with (GITHUB_WEBHOOK_SECRET): POST /github/webhook takes
   * events only with it (absent: the webhook answers 404).
   */
  readonly webhookSecret?: string | null;
}

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';

/** The variables that turn the GitHub connection on, as the screens name them. */
export const GITHUB_VARIABLES = ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'] as const;

type Env = Record<string, string | undefined>;

/**
 * The GitHub OAuth App from the environment; null when GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET
 * are not both set (the connection is off, and the screens say what to set).
 */
export function githubConfigFromEnv(env: Env): GithubConfig | null {
  const clientId = env.GITHUB_CLIENT_ID?.trim();
  const clientSecret = env.GITHUB_CLIENT_SECRET?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret)
    throw new ConfigError('Set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither.');
  const apiUrl = (env.GITHUB_API_URL?.trim() || DEFAULT_GITHUB_API_URL).replace(/\/+$/, '');
  let parsed: URL;
  try {
    parsed = new URL(apiUrl);
  } catch {
    throw new ConfigError(`GITHUB_API_URL must be a URL (it is "${apiUrl}").`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new ConfigError(`GITHUB_API_URL must be an http(s) URL (it is "${apiUrl}").`);
  return {
    clientId,
    clientSecret,
    apiUrl,
    webhookSecret: env.GITHUB_WEBHOOK_SECRET?.trim() || null,
  };
}
