import { PREVIEW_URL_MAX_LENGTH, type UrlChangeKind } from '@mason/contract/preview';
import type { PostToParent } from './parent-window';
import { cut } from './values';

/** The app's URL as Mason shows it: path, search and hash. */
export function currentUrl(): string {
  return location.pathname + location.search + location.hash;
}

/** The app's URL cut to the contract's length, for a message. */
export function reportableUrl(): string {
  return cut(currentUrl(), PREVIEW_URL_MAX_LENGTH);
}

/**
 * Posts the app's URL to Mason's window whenever it changes: after the app's pushState and
 * replaceState (the browser's own run first), on popstate and on hashchange. A call that leaves
 * the URL as it was posts nothing.
 */
export function reportUrlChanges(post: PostToParent): void {
  let reportedUrl = currentUrl();

  function report(kind: UrlChangeKind): void {
    const url = currentUrl();
    if (url === reportedUrl) return;
    reportedUrl = url;
    post({ type: 'url', url: cut(url, PREVIEW_URL_MAX_LENGTH), kind });
  }

  function reporting(native: History['pushState'], kind: UrlChangeKind): History['pushState'] {
    return function (this: History, ...args: Parameters<History['pushState']>): void {
      native.apply(this, args);
      report(kind);
    };
  }

  history.pushState = reporting(history.pushState, 'push');
  history.replaceState = reporting(history.replaceState, 'replace');
  window.addEventListener('popstate', () => report('pop'));
  window.addEventListener('hashchange', () => report('hash'));
}

/**
 * A same-origin path Mason asked for, pushed and announced like a click on a router link (a
 * popstate the app's router hears). Anything but a path of the preview is ignored.
 */
export function navigate(url: string, searchWithoutToken: (search: string) => string): void {
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return;
  const target = new URL(url, location.href);
  if (target.origin !== location.origin) return;
  history.pushState(null, '', target.pathname + searchWithoutToken(target.search) + target.hash);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}
