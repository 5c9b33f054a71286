/**
 * The preview's addresses. Mason frames the preview from a URL with an access token in its
 * query (`http://p-{projectId}.localhost:4200/?mason_preview=TOKEN`); the app inside reports
 * its own path. These helpers go between the two.
 */

const isWebUrl = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

/**
 * The origin to frame `url` on and to take the bridge's messages from, or null when Mason must
 * not frame it: not a web address, an origin other than the one the server named, or Mason's
 * own origin.
 */
export function framableOrigin(url: string, namedOrigin: string, ownOrigin: string): string | null {
  const parsed = parse(url);
  const named = parse(namedOrigin);
  if (!parsed || !named || !isWebUrl(parsed)) return null;
  // The bridge posts from the frame's own origin: one the server did not name would never be heard.
  if (named.origin !== parsed.origin) return null;
  // The frame's sandbox has allow-same-origin, so the app keeps its own storage and cookies.
  // That is safe ONLY because the preview runs on an origin of its own: on Mason's origin the
  // app's code could reach into Mason's window (the person's session) and lift its own sandbox.
  if (parsed.origin === ownOrigin) return null;
  return parsed.origin;
}

/**
 * The app's page as a person reads it: path, search and hash of a URL the bridge reports,
 * without the preview's access parameters (its token).
 */
export function appPathOf(reportedUrl: string, previewUrl: string): string {
  const base = parse(previewUrl);
  const page = base && parse(reportedUrl, base.origin);
  if (!base || !page) return reportedUrl;
  for (const key of base.searchParams.keys()) page.searchParams.delete(key);
  return `${page.pathname}${page.search}${page.hash}`;
}

/** The preview URL of one page of the app, with the access parameters: to open it in a tab. */
export function pageUrlOf(path: string, previewUrl: string): string {
  const base = parse(previewUrl);
  const page = base && parse(path, base.origin);
  if (!base || !page) return previewUrl;
  for (const [key, value] of base.searchParams) {
    if (!page.searchParams.has(key)) page.searchParams.set(key, value);
  }
  return page.href;
}

/** What the address field asks for: a page of the app to open, or why it cannot. */
export type AddressRequest = { readonly path: string } | { readonly problem: string };

/**
 * Reads what a person typed in the address field: '/todos?done=1', 'todos' (a path without its
 * slash) or a full address on the preview's origin. Other sites do not open in the preview.
 */
export function readAddressInput(input: string, previewOrigin: string): AddressRequest | null {
  const text = input.trim();
  if (text === '') return null;
  if (text.startsWith('/')) return { path: text };
  const absolute = parse(text);
  if (absolute && isWebUrl(absolute)) {
    if (absolute.origin !== previewOrigin)
      return { problem: 'Only pages of this app open in the preview. Type a path such as /about.' };
    return { path: `${absolute.pathname}${absolute.search}${absolute.hash}` };
  }
  return { path: `/${text}` };
}
