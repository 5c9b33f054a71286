import { parseFragment, serialize, type DefaultTreeAdapterMap } from 'parse5';

type ParentNode = DefaultTreeAdapterMap['parentNode'];
type ChildNode = DefaultTreeAdapterMap['childNode'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Elements a first paint never carries: what runs code or loads a document (scripts, frames,
 * plug-ins), what changes the page's base, head or navigation, what would take the rest of the
 * page as its text (<plaintext>), and SVG's animations, which can set a link's target after the
 * markup was checked.
 */
const DROPPED_ELEMENTS = new Set([
  'script',
  'noscript',
  'template',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'portal',
  'base',
  'meta',
  'link',
  'title',
  'head',
  'plaintext',
  'noembed',
  'noframes',
  'animate',
  'animatemotion',
  'animatetransform',
  'set',
  'handler',
  'listener',
]);

/** Attributes whose value the browser follows as a URL. */
const URL_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'poster',
  'background',
  'cite',
  'data',
  'srcset',
]);
/** Attributes a first paint never carries: a document of its own, or a form's target. */
const DROPPED_ATTRIBUTES = new Set(['srcdoc', 'action', 'formaction', 'http-equiv', 'ping']);
/** A URL that runs code when followed (after the browser strips controls and spaces). */
const SCRIPT_URL = /^(?:javascript|vbscript|data):/i;
/** The URL without the controls and spaces a browser skips in it ('java\tscript:'). */
const withoutNoise = (url: string) =>
  Array.from(url)
    .filter((character) => {
      const code = character.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('');

function keptAttribute({ name, value }: { name: string; value: string }): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on') || DROPPED_ATTRIBUTES.has(lower)) return false;
  if (!URL_ATTRIBUTES.has(lower)) return true;
  // An image's data: URL is a picture; any other data:, javascript: or vbscript: URL is not kept.
  const url = withoutNoise(value);
  return !SCRIPT_URL.test(url) || /^data:image\/(?:png|gif|jpe?g|webp|avif);/i.test(url);
}

const isElement = (node: ChildNode): node is Element => 'tagName' in node;

/** Removes what DROPPED_ELEMENTS, DROPPED_ATTRIBUTES and script URLs name, in place. */
function clean(parent: ParentNode): void {
  parent.childNodes = parent.childNodes.filter((node) => {
    if (node.nodeName === '#comment') return false;
    if (!isElement(node)) return true;
    if (DROPPED_ELEMENTS.has(node.tagName.toLowerCase())) return false;
    node.attrs = node.attrs.filter((attribute) =>
      keptAttribute({
        name: attribute.prefix ? `${attribute.prefix}:${attribute.name}` : attribute.name,
        value: attribute.value,
      }),
    );
    clean(node);
    return true;
  });
}

/**
 * The markup of a first paint as the preview host may write it into a page: `html` (what the
 * app rendered into its root element, as the bridge read it) parsed as the browser parses a
 * fragment of <body>, without scripts, frames, event handlers, script URLs, comments or anything
 * that would change the page around it, and serialised again (so what is written is what was
 * checked, whatever the input's quirks). The page's CSP blocks inline code anyway; this keeps
 * the stored markup inert as well.
 */
export function sanitizeFirstPaint(html: string): string {
  const fragment = parseFragment(html);
  clean(fragment);
  return serialize(fragment);
}

/** The id of an element a first paint may go into: the app's root (`root`, `app`, ...). */
export const CONTAINER_ID = /^[A-Za-z][\w-]{0,63}$/;

/**
 * `page` with `markup` written into its element with id `containerId`, when that element is
 * there and empty (as an app's index.html has it: `<div id="root"></div>`); null otherwise.
 */
export function withFirstPaint(page: string, containerId: string, markup: string): string | null {
  if (!CONTAINER_ID.test(containerId)) return null;
  const element = new RegExp(
    `(<([a-zA-Z][\\w-]*)\\b[^>]*?\\sid=(["']?)${containerId}\\3(?=[\\s>/])[^>]*>)\\s*(</\\2\\s*>)`,
  );
  const match = element.exec(page);
  if (!match) return null;
  const [whole, open = '', , , close = ''] = match;
  return (
    page.slice(0, match.index) + open + markup + close + page.slice(match.index + whole.length)
  );
}
