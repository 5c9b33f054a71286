import { REFERRAL_COOKIE } from '@mason/contract';

/**
 * The referral value of the `referral_code` cookie, decoded; undefined when there is none (or no
 * document: outside a browser). SPEC.md 5 and 7: sign-up, Google sign-in and the plan checkout
 * send it.
 */
export function readReferralCookie(
  cookie: string | undefined = typeof document === 'undefined' ? undefined : document.cookie,
): string | undefined {
  const entry = (cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${REFERRAL_COOKIE}=`));
  const value = entry ? decodeURIComponent(entry.slice(REFERRAL_COOKIE.length + 1)) : '';
  return value || undefined;
}
