import { config, core } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini loads no locale: without one, every issue the contract gives no message of its own
 * reads "Invalid input" (classic zod loads English on first use). The server calls this at
 * start-up, so its 400s word those issues as classic zod does ("Too big: expected string to have
 * <=128 characters"); so do the test handlers. The browser does not: every check a form can
 * fail has the contract's own message, and the 1.5 KB of English stays out of /login.
 * A locale chosen elsewhere (`z.config(z.locales.xx())`) is kept.
 */
export function loadEnglishMessages(): void {
  if (!core.globalConfig.localeError) config(en());
}
