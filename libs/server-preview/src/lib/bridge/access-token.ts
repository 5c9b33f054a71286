/**
 * The preview's access token (the `tokenParam` query parameter of the page the host served): the
 * bridge keeps it, hidden from the app and the address bar, and adds it to every URL the browser
 * loads from the preview origin (a reload, a link that loads a page, the live stream, the error
 * reports, a hot update).
 */
export interface AccessToken {
  /** The token, or null on a page served without one. */
  readonly value: string | null;
  /** `search` without the token parameter; the other parameters are kept byte for byte. */
  searchWithoutToken(search: string): string;
  /** `href` (absolute, or relative to the page) with the token, for a URL the browser loads. */
  withToken(href: string): string;
}

function parameterName(part: string): string {
  const name = part.split('=')[0].replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Takes the token out of the page's URL at once (before the app reads it), keeping the path,
 * the other parameters and the hash. Runs before the app and before the bridge reports history
 * calls, so the page's own replaceState does this unseen.
 */
export function takeAccessToken(tokenParam: string): AccessToken {
  const value = new URLSearchParams(location.search).get(tokenParam);

  function searchWithoutToken(search: string): string {
    const kept = search
      .replace(/^\?/, '')
      .split('&')
      .filter((part) => part !== '' && parameterName(part) !== tokenParam);
    return kept.length > 0 ? `?${kept.join('&')}` : '';
  }

  function withToken(href: string): string {
    const url = new URL(href, location.href);
    if (value === null) return url.href;
    const search = searchWithoutToken(url.search);
    url.search = `${search}${search === '' ? '?' : '&'}${encodeURIComponent(tokenParam)}=${encodeURIComponent(value)}`;
    return url.href;
  }

  if (value !== null) {
    history.replaceState(
      history.state,
      '',
      location.pathname + searchWithoutToken(location.search) + location.hash,
    );
  }
  return { value, searchWithoutToken, withToken };
}

/**
 * A same-origin link that loads a page (the app's router did not take the click) carries the
 * token, so the next page is authorised; the href is put back once the browser has read it.
 */
export function passTokenToLinks(token: AccessToken): void {
  if (token.value === null) return;
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a[href], area[href]');
    if (!(anchor instanceof HTMLAnchorElement || anchor instanceof HTMLAreaElement)) return;
    const next = new URL(anchor.href);
    if (next.origin !== location.origin) return;
    const samePage = next.pathname === location.pathname && next.search === location.search;
    if (samePage && next.hash !== '') return;
    const href = anchor.getAttribute('href') ?? '';
    const tokenHref = token.withToken(next.href);
    anchor.setAttribute('href', tokenHref);
    setTimeout(() => {
      if (anchor.getAttribute('href') === tokenHref) anchor.setAttribute('href', href);
    }, 0);
  });
}
