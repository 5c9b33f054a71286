import { ConfigError } from '@mason/server-http';

/**
 * Supabase's OAuth app as Mason uses it (SUPABASE_CLIENT_ID, SUPABASE_CLIENT_SECRET, and
 * SUPABASE_API_URL: the Management API, https://api.supabase.com; tests point it at a stand-in).
 */
export interface SupabaseConfig {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly apiUrl: string;
}

export const DEFAULT_SUPABASE_API_URL = 'https://api.supabase.com';

/** The variables that turn the Supabase connection on, as the screens name them. */
export const SUPABASE_VARIABLES = ['SUPABASE_CLIENT_ID', 'SUPABASE_CLIENT_SECRET'] as const;

type Env = Record<string, string | undefined>;

/** Supabase's OAuth app from the environment; null when neither variable is set. */
export function supabaseConfigFromEnv(env: Env): SupabaseConfig | null {
  const clientId = env['SUPABASE_CLIENT_ID']?.trim();
  const clientSecret = env['SUPABASE_CLIENT_SECRET']?.trim();
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret)
    throw new ConfigError('Set both SUPABASE_CLIENT_ID and SUPABASE_CLIENT_SECRET, or neither.');
  const apiUrl = (env['SUPABASE_API_URL']?.trim() || DEFAULT_SUPABASE_API_URL).replace(/\/+$/, '');
  let parsed: URL | null = null;
  try {
    parsed = new URL(apiUrl);
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    throw new ConfigError(`SUPABASE_API_URL must be an http(s) URL (it is "${apiUrl}").`);
  return { clientId, clientSecret, apiUrl };
}
