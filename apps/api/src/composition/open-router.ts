import { OpenRouterAccounts, openRouterOauth } from '@mason/server-open-router';
import type { AppContext } from '../app-context';

/**
 * People's own OpenRouter accounts (issue 35 §2): the OAuth PKCE flow at OPENROUTER_AUTH_URL and
 * OPENROUTER_BASE_URL, keys sealed with the server key. The turn runner gets it as the narrow
 * `OpenRouterKeys` port (openRouterKeyOf, hasOpenRouterKey).
 */
export function openRouterAccounts(ctx: AppContext): OpenRouterAccounts {
  return new OpenRouterAccounts({
    db: ctx.db,
    openRouter: openRouterOauth(ctx.config.openRouter),
    secrets: ctx.secrets,
    publicUrl: ctx.config.publicUrl,
  });
}
