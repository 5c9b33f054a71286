// Public API of @mason/server-supabase: name every export.
export { SupabaseError, supabaseManagement } from './lib/supabase-client';
export type { SupabaseManagement, SupabaseTokens } from './lib/supabase-client';
export {
  DEFAULT_SUPABASE_API_URL,
  SUPABASE_VARIABLES,
  supabaseConfigFromEnv,
} from './lib/supabase-config';
export type { SupabaseConfig } from './lib/supabase-config';
export {
  STATE_LIFETIME_MS,
  SUPABASE_REDIRECT_PATH,
  SupabaseAccounts,
  SupabaseMessages,
} from './lib/supabase-accounts.service';
export type { SecretSealer, SupabaseAccountsOptions } from './lib/supabase-accounts.service';
export { supabaseRoutes } from './lib/supabase.routes';
