// Public API of @mason/server-open-router: name every export.
export {
  DEFAULT_OPENROUTER_API_URL,
  DEFAULT_OPENROUTER_AUTH_URL,
  OPENROUTER_VARIABLES,
  openRouterConfigFromEnv,
} from './lib/open-router-config';
export type { OpenRouterConfig } from './lib/open-router-config';
export { OpenRouterError, openRouterOauth } from './lib/open-router-oauth';
export type { OpenRouterGrant, OpenRouterOauth } from './lib/open-router-oauth';
export {
  OPEN_ROUTER_CALLBACK_PATH,
  OPEN_ROUTER_STATE_LIFETIME_MS,
  OpenRouterAccounts,
  OpenRouterMessages,
} from './lib/open-router-accounts.service';
export type {
  OpenRouterAccountsOptions,
  OpenRouterKeys,
  SecretSealer,
} from './lib/open-router-accounts.service';
export { openRouterRoutes } from './lib/open-router.routes';
export { hasConnection as hasOpenRouterConnection } from './lib/open-router.repository';
