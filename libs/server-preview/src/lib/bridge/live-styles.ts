import type { PreviewEditPreview } from '@mason/contract/preview';
import type { AccessToken } from './access-token';
import type { BridgeConfig } from './bridge-config';

/** The hot runtime's restyle, as the page's `__masonHot` offers it (installHotRuntime). */
type Restyle = (css: string) => void;

function restyleOfPage(): Restyle | null {
  const runtime = (window as unknown as { __masonHot?: { restyle?: unknown } }).__masonHot;
  return typeof runtime?.restyle === 'function' ? (runtime.restyle as Restyle) : null;
}

/**
 * Unsaved class edits of a Tailwind app shown with their rules: the build's stylesheet has rules
 * only for the classes the app's files use, so for each new set of edited classes the bridge
 * asks the host for the stylesheet with their rules too (config.stylesUrl) and swaps it in. The
 * answer to the newest request wins; a failed one leaves the page as it is.
 */
export function createLiveStyles(
  config: Pick<BridgeConfig, 'stylesUrl'>,
  token: AccessToken,
): (edits: readonly PreviewEditPreview[]) => void {
  let asked = '';
  let latest = 0;
  return (edits) => {
    if (config.stylesUrl === null) return;
    const classes = [
      ...new Set(edits.flatMap((edit) => (edit.className ?? '').split(/\s+/).filter(Boolean))),
    ]
      .sort()
      .join(' ');
    if (classes === '' || classes === asked) return;
    asked = classes;
    const request = (latest += 1);
    const url = new URL(config.stylesUrl, location.href);
    url.searchParams.set('classes', classes);
    fetch(token.withToken(url.href))
      .then((response) => (response.ok ? response.text() : null))
      .then((css) => {
        if (css !== null && request === latest) restyleOfPage()?.(css);
      })
      .catch(() => undefined);
  };
}
