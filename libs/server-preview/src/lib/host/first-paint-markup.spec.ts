import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { sanitizeFirstPaint, withFirstPaint } from './first-paint-markup';

type Node = DefaultTreeAdapterMap['node'];

/** Every element and attribute name in `html`, as a browser would parse it. */
function namesIn(html: string): { elements: string[]; attributes: string[]; urls: string[] } {
  const found = { elements: [] as string[], attributes: [] as string[], urls: [] as string[] };
  const visit = (node: Node) => {
    if ('tagName' in node) {
      found.elements.push(node.tagName);
      for (const { name, value } of node.attrs) {
        found.attributes.push(name);
        if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(name))
          found.urls.push(value);
      }
    }
    if ('childNodes' in node) node.childNodes.forEach(visit);
  };
  visit(parseFragment(html));
  return found;
}

describe('the markup of a first paint', () => {
  it('keeps what the app drew: elements, text, classes, styles, data and ARIA attributes, SVG', () => {
    const html =
      '<main class="mx-auto p-4" style="color: red" data-mason-file="src/App.tsx">' +
      '<h1 aria-label="Title">Mugs &amp; cups &lt;3</h1><a href="/about">About</a>' +
      '<button type="button" disabled="">Count 0</button><input value="milk" placeholder="Add">' +
      '<svg viewBox="0 0 24 24"><path d="M0 0h24"></path></svg>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=" alt="Mug"><style>.a{color:red}</style></main>';
    expect(sanitizeFirstPaint(html)).toBe(html);
  });

  it('drops scripts, frames, handlers, script URLs, comments and what would change the page around it', () => {
    const html =
      '<div onclick="steal()" onMouseOver="steal()"><script>steal()</script><!-- secret -->' +
      '<iframe srcdoc="<script>steal()</script>"></iframe><object data="x.swf"></object>' +
      '<embed src="x.swf"><base href="https://evil.example/"><meta http-equiv="refresh" content="0">' +
      '<link rel="stylesheet" href="https://evil.example/x.css"><template><p>t</p></template>' +
      '<a href="java\tscript:steal()">A</a><a href="  JAVASCRIPT:steal()">B</a>' +
      '<a href="data:text/html,<script>steal()</script>">C</a><img src="vbscript:steal()">' +
      '<form action="https://evil.example/"><button formaction="https://evil.example/">D</button></form>' +
      '<svg><a xlink:href="javascript:steal()"><text>E</text></a><animate attributeName="href" to="javascript:steal()"></animate>' +
      '<set attributeName="href" to="javascript:steal()"></set></svg></div>';
    expect(sanitizeFirstPaint(html)).toBe(
      '<div><a>A</a><a>B</a><a>C</a><img><form><button>D</button></form>' +
        '<svg><a><text>E</text></a></svg></div>',
    );
  });

  it('never lets the rest of the page become its text', () => {
    const page = sanitizeFirstPaint('<p>a</p><plaintext><p>b</p>');
    expect(page).toBe('<p>a</p>');
    // Unclosed elements are closed: what follows the root in the page stays outside it.
    expect(sanitizeFirstPaint('<div><section><p>open')).toBe(
      '<div><section><p>open</p></section></div>',
    );
    expect(sanitizeFirstPaint('</div></body><script>steal()</script>')).toBe('');
  });

  it('is inert and stable whatever it is given (fuzzed)', () => {
    const tag = fc.constantFrom(
      'div',
      'script',
      'a',
      'img',
      'iframe',
      'svg',
      'p',
      'style',
      'template',
      'plaintext',
      'object',
      'set',
    );
    const attribute = fc.tuple(
      fc.constantFrom(
        'onclick',
        'OnLoad',
        'href',
        'src',
        'class',
        'xlink:href',
        'srcdoc',
        'formaction',
        'style',
      ),
      fc.oneof(
        fc.constantFrom(
          'javascript:x()',
          ' JaVaScRiPt:x()',
          'data:text/html,x',
          '/ok',
          'java\nscript:x',
        ),
        fc.string(),
      ),
    );
    const element: fc.Arbitrary<string> = fc.letrec<{ node: string }>((self) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.string(),
        fc
          .tuple(
            tag,
            fc.array(attribute, { maxLength: 3 }),
            fc.array(self('node'), { maxLength: 3 }),
          )
          .map(
            ([name, attributes, children]) =>
              `<${name}${attributes.map(([key, value]) => ` ${key}="${value.replace(/"/g, '&quot;')}"`).join('')}>${children.join('')}</${name}>`,
          ),
      ),
    })).node;
    fc.assert(
      fc.property(element, (html) => {
        const clean = sanitizeFirstPaint(html);
        const { elements, attributes, urls } = namesIn(clean);
        expect(
          elements.filter((name) =>
            ['script', 'iframe', 'template', 'plaintext', 'object', 'set'].includes(name),
          ),
        ).toEqual([]);
        expect(attributes.filter((name) => /^on|^srcdoc$|^formaction$/i.test(name))).toEqual([]);
        expect(
          urls.filter(
            (url) =>
              /^(javascript|vbscript|data):/i.test(
                [...url].filter((character) => character > ' ').join(''),
              ) && !url.startsWith('data:image/'),
          ),
        ).toEqual([]);
        expect(sanitizeFirstPaint(clean)).toBe(clean);
      }),
      { numRuns: 500, seed: 20261128 },
    );
  });
});

describe('a page with its first paint', () => {
  const page =
    '<!doctype html><html><body>\n<div id="root"></div>\n<p id="rooted"></p></body></html>';

  it('writes the markup into the empty element with that id', () => {
    expect(withFirstPaint(page, 'root', '<h1>Hi</h1>')).toBe(
      '<!doctype html><html><body>\n<div id="root"><h1>Hi</h1></div>\n<p id="rooted"></p></body></html>',
    );
    expect(withFirstPaint("<main class='x' id='app' >\n</main>", 'app', 'A')).toBe(
      "<main class='x' id='app' >A</main>",
    );
  });

  it('writes nothing where that element is missing, not empty, or the id is not a plain one', () => {
    expect(withFirstPaint(page, 'app', '<h1>Hi</h1>')).toBeNull();
    expect(withFirstPaint('<div id="root"><p>Loading</p></div>', 'root', 'x')).toBeNull();
    expect(withFirstPaint(page, 'roo', 'x')).toBeNull();
    expect(withFirstPaint(page, 'root"><script>', 'x')).toBeNull();
  });
});
