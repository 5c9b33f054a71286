import { BANNER_DISMISS_MS } from '@mason/contract';

const KEY_PREFIX = 'mason.banner.dismissedAt.';

/** SPEC.md 1: a dismissed banner stays hidden for 15 minutes, across reloads. */
export function isBannerDismissed(bannerId: string, now: number = Date.now()): boolean {
  try {
    const dismissedAt = Number(localStorage.getItem(KEY_PREFIX + bannerId));
    return Number.isFinite(dismissedAt) && dismissedAt > 0 && now - dismissedAt < BANNER_DISMISS_MS;
  } catch {
    return false;
  }
}

export function dismissBanner(bannerId: string, now: number = Date.now()): void {
  try {
    localStorage.setItem(KEY_PREFIX + bannerId, String(now));
  } catch {
    // Without storage the dismissal lasts until the page is reloaded.
  }
}

/** Milliseconds until a dismissed banner may show again (0 when it is not dismissed). */
export function msUntilBannerReturns(bannerId: string, now: number = Date.now()): number {
  const dismissedAt = Number(localStorage.getItem(KEY_PREFIX + bannerId));
  return isBannerDismissed(bannerId, now) ? dismissedAt + BANNER_DISMISS_MS - now : 0;
}
