// Public API of @mason/server-config: name every export.
export {
  bannerConfig,
  ConfigError,
  DEFAULT_BANNER,
  DEFAULT_DOMAIN_CHECK_MINUTES,
  DEFAULT_GOOGLE_JWKS_URL,
  DEFAULT_MAIL_FROM,
  DEFAULT_PORT,
  DEFAULT_POSTHOG_HOST,
  DEFAULT_PROJECT_MAX_BYTES,
  DEFAULT_RATE_LIMITS,
  DEFAULT_TURN_LIMITS,
  DOMAIN_GRACE_SECONDS,
  loadConfig,
} from './lib/app-config';
export type { AppConfig, CustomDomainsConfig } from './lib/app-config';
