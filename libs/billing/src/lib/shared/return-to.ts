import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Where a person came to billing from (a task stopped for want of credits), so that after paying
 * they go back to it and retry without retyping anything. It rides in the billing screen's URL
 * (`?returnTo=/task/…`) and is kept for the tab while the person is away at a checkout page.
 */
export const RETURN_TO_PARAM = 'returnTo';
const STORAGE_KEY = 'mason.billing.returnTo';

/** Only a path of this app: never another site (`//evil.example`) or a scheme. */
export function isAppPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/[\r\n]/.test(path);
}

/** `href` with where to come back to. */
export function withReturnTo(href: string, returnTo: string): string {
  if (!isAppPath(returnTo)) return href;
  const separator = href.includes('?') ? '&' : '?';
  return `${href}${separator}${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function rememberReturnTo(path: string): void {
  if (isAppPath(path)) storage()?.setItem(STORAGE_KEY, path);
}

export function rememberedReturnTo(): string | null {
  const path = storage()?.getItem(STORAGE_KEY) ?? null;
  return isAppPath(path) ? path : null;
}

export function forgetReturnTo(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/**
 * The billing screen's side: takes `?returnTo=` from the URL into the tab's memory (and out of the
 * URL), and answers the path to go back to, if any.
 */
export function useReturnTo(): string | null {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(RETURN_TO_PARAM);
  const [path, setPath] = useState(() => (isAppPath(fromUrl) ? fromUrl : rememberedReturnTo()));
  useEffect(() => {
    if (fromUrl === null) return;
    if (isAppPath(fromUrl)) {
      rememberReturnTo(fromUrl);
      setPath(fromUrl);
    }
    setParams(
      (next) => {
        next.delete(RETURN_TO_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, setParams]);
  return path;
}
