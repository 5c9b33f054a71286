import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { REFERRAL_CODE_MAX_LENGTH, REFERRAL_COOKIE } from '@mason/contract';

/** How long a referral link is remembered: 30 days. */
export const REFERRAL_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The query parameter of a referral link (`/signup?ref=CODE`, or any page with it). */
export const REFERRAL_PARAM = 'ref';

/** The Set-Cookie text of the referral_code cookie: 30 days, the whole site, SameSite=Lax. */
export function referralCookie(code: string, secure = false): string {
  const attributes = [
    `${REFERRAL_COOKIE}=${encodeURIComponent(code)}`,
    `Max-Age=${REFERRAL_COOKIE_MAX_AGE_SECONDS}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/**
 * The referral code a URL's query carries, if it is one the server would take (trimmed, as the
 * contract's ReferralCodeSchema reads it; checked without zod, which this runs on every page).
 */
export function referralCodeOf(search: string): string | undefined {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM)?.trim();
  return code && code.length <= REFERRAL_CODE_MAX_LENGTH ? code : undefined;
}

/**
 * SPEC.md 5: a visit to any page with `?ref=CODE` keeps the code in the `referral_code` cookie,
 * which the sign-up form and Google sign-in send on. Render once inside the router.
 */
export function ReferralCapture() {
  const { search } = useLocation();
  useEffect(() => {
    const code = referralCodeOf(search);
    if (code) document.cookie = referralCookie(code, window.location.protocol === 'https:');
  }, [search]);
  return null;
}
