/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://p-demo.localhost:4200/"}
 */
import {
  PREVIEW_BRIDGE_CHANNEL,
  PREVIEW_SOURCE_ATTRIBUTES as SOURCE_ATTRIBUTES,
  parseBridgeMessage,
} from '@mason/contract/preview';
import type { BridgeMessage, ConsoleLevel } from '@mason/contract/preview';
import type { BridgeConfig } from './bridge-config';
import { TEST_PARENT_ORIGIN, testBridgeConfig } from '../../test-utils/bridge-config';
import { installBridge } from './install-bridge';

// The bridge's behaviour, through its modules. bridge-script.spec.ts runs the script the host
// serves (the bundle of these modules) in a page of its own.

const PARENT_ORIGIN = TEST_PARENT_ORIGIN;
const PREVIEW_ORIGIN = 'http://p-demo.localhost:4200';
const TOKEN = 'secret token/1';
const TOKEN_QUERY = `mason_preview=${encodeURIComponent(TOKEN)}`;
const LEVELS: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];

// ---- Harness: a fake parent window, and a clean page for every test. ----

const parentDescriptor = Object.getOwnPropertyDescriptor(window, 'parent');
const realConsole = Object.fromEntries(LEVELS.map((level) => [level, console[level]]));
const { pushState, replaceState } = history;

let parent: { postMessage: jest.Mock };
/** The app's console as the bridge finds it (quiet, and recorded). */
let appConsole: Record<ConsoleLevel, jest.Mock>;
let windowListeners: jest.SpyInstance;
let documentListeners: jest.SpyInstance;

beforeEach(() => {
  parent = { postMessage: jest.fn() };
  appConsole = Object.fromEntries(LEVELS.map((level) => [level, jest.fn()])) as Record<
    ConsoleLevel,
    jest.Mock
  >;
  Object.assign(console, appConsole);
  windowListeners = jest.spyOn(window, 'addEventListener');
  documentListeners = jest.spyOn(document, 'addEventListener');
});

afterEach(() => {
  for (const call of windowListeners.mock.calls)
    window.removeEventListener(...(call as [string, EventListener, boolean]));
  for (const call of documentListeners.mock.calls)
    document.removeEventListener(...(call as [string, EventListener, boolean]));
  jest.restoreAllMocks();
  jest.useRealTimers();
  Object.assign(console, realConsole);
  Object.assign(history, { pushState, replaceState });
  if (parentDescriptor) Object.defineProperty(window, 'parent', parentDescriptor);
  for (const overlay of document.querySelectorAll('[data-mason-overlay]')) overlay.remove();
  document.body.innerHTML = '';
  delete (window as { fetch?: unknown }).fetch;
  delete (window as { EventSource?: unknown }).EventSource;
});

interface StartOptions {
  /** The page's path, search and hash as the host serves it (with the token). */
  readonly url?: string;
  readonly config?: Partial<BridgeConfig>;
  /** false: the page is opened in a tab of its own. */
  readonly embedded?: boolean;
}

function start({
  url = `/?${TOKEN_QUERY}`,
  config = {},
  embedded = true,
}: StartOptions = {}): void {
  replaceState.call(history, null, '', url);
  if (embedded) Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  installBridge(testBridgeConfig(config));
}

/** Everything the bridge posted, each checked against the contract and its target origin. */
function posted(): BridgeMessage[] {
  return parent.postMessage.mock.calls.map(([data, targetOrigin]: [unknown, unknown]) => {
    expect(targetOrigin).toBe(PARENT_ORIGIN);
    const message = parseBridgeMessage(data);
    if (message === null)
      throw new Error(`The bridge posted a message the contract rejects: ${JSON.stringify(data)}`);
    return message;
  });
}

function postedOfType<Type extends BridgeMessage['type']>(
  type: Type,
): Extract<BridgeMessage, { type: Type }>[] {
  return posted().filter(
    (message): message is Extract<BridgeMessage, { type: Type }> => message.type === type,
  );
}

function send(data: unknown, from: { origin?: string; source?: unknown } = {}): void {
  window.dispatchEvent(
    new MessageEvent('message', {
      data,
      origin: from.origin ?? PARENT_ORIGIN,
      source: (from.source ?? parent) as Window,
    }),
  );
}

function command(body: Record<string, unknown>): void {
  send({ channel: PREVIEW_BRIDGE_CHANNEL, ...body });
}

/** jsdom makes location.replace unforgeable, so the spy sits on its implementation object. */
function spyOnLocationReplace(): jest.SpyInstance {
  const implSymbol = Object.getOwnPropertySymbols(window.location).find(
    (symbol) => symbol.description === 'impl',
  );
  if (!implSymbol) throw new Error('This jsdom keeps its Location implementation elsewhere.');
  const impl = (window.location as unknown as Record<symbol, { replace(url: string): void }>)[
    implSymbol
  ];
  return jest.spyOn(impl, 'replace').mockImplementation(() => undefined);
}

function source(file: string, line: number, column: number, component = 'App'): string {
  return (
    `${SOURCE_ATTRIBUTES.file}="${file}" ${SOURCE_ATTRIBUTES.line}="${line}" ` +
    `${SOURCE_ATTRIBUTES.column}="${column}" ${SOURCE_ATTRIBUTES.component}="${component}"`
  );
}

function element<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`No element matches ${selector}.`);
  return found;
}

function click(target: Element): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  target.dispatchEvent(event);
  return event;
}

function overlays(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-mason-overlay]'));
}

const LIST = `
  <ul ${source('src/List.tsx', 8, 5, 'List')}>
    <li class="item" style="color: red" ${source('src/List.tsx', 10, 9, 'List')}>One</li>
    <li class="item" style="color: red" ${source('src/List.tsx', 10, 9, 'List')}>Two</li>
    <li class="item" style="color: red" ${source('src/List.tsx', 10, 9, 'List')}>Three</li>
  </ul>`;

function items(): HTMLLIElement[] {
  return Array.from(document.querySelectorAll('li'));
}

// ---- The tests. ----

describe('installBridge: the access token', () => {
  it('takes the token out of the URL at once and keeps the path, the other parameters and the hash', () => {
    start({ url: `/shop/item?q=a%20b&${TOKEN_QUERY}&x=1#reviews` });

    expect(location.href).toBe(`${PREVIEW_ORIGIN}/shop/item?q=a%20b&x=1#reviews`);
    expect(postedOfType('ready')[0].url).toBe('/shop/item?q=a%20b&x=1#reviews');
  });

  it('adds the token back to the URL it reloads', () => {
    const replace = spyOnLocationReplace();
    start({ url: `/shop?${TOKEN_QUERY}&q=1#top` });

    command({ type: 'reload' });

    expect(replace).toHaveBeenCalledWith(`${PREVIEW_ORIGIN}/shop?q=1&${TOKEN_QUERY}#top`);
  });

  it('gives a same-origin link that loads a page the token, and puts its href back afterwards', () => {
    jest.useFakeTimers();
    start();
    document.body.innerHTML = '<a href="/about?tab=2#team">About</a>';
    const link = element<HTMLAnchorElement>('a');
    let hrefWhenFollowed: string | null = null;
    window.addEventListener('click', (event) => {
      hrefWhenFollowed = link.getAttribute('href');
      event.preventDefault(); // jsdom cannot load pages; the browser would follow hrefWhenFollowed
    });

    click(link);

    expect(hrefWhenFollowed).toBe(`${PREVIEW_ORIGIN}/about?tab=2&${TOKEN_QUERY}#team`);
    jest.runAllTimers();
    expect(link.getAttribute('href')).toBe('/about?tab=2#team');
  });

  it('leaves links alone when the router takes the click, when they leave the origin and when they jump within the page', () => {
    start({ url: `/docs?${TOKEN_QUERY}` });
    document.body.innerHTML = `
      <a id="routed" href="/pricing">Pricing</a>
      <a id="away" href="https://example.com/">Elsewhere</a>
      <a id="jump" href="#faq">FAQ</a>`;
    element('#routed').addEventListener('click', (event) => event.preventDefault());
    const hrefs: (string | null)[] = [];
    window.addEventListener('click', (event) => {
      hrefs.push((event.target as Element).getAttribute('href'));
      event.preventDefault();
    });

    for (const id of ['#routed', '#away', '#jump']) click(element(id));

    expect(hrefs).toEqual(['/pricing', 'https://example.com/', '#faq']);
  });
});

describe('installBridge: ready', () => {
  it('starts without an error and posts ready, nothing else', () => {
    expect(() => start()).not.toThrow();
    expect(posted().map((message) => message.type)).toEqual(['ready']);
  });

  it('posts ready with the URL and the version to the parent, at Mason’s origin only', () => {
    start({ url: `/about?${TOKEN_QUERY}` });

    expect(posted()).toEqual([
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'ready',
        url: '/about',
        versionIndex: 3,
        versionId: 'version-3',
      },
    ]);
  });

  it('posts the build failure after ready', () => {
    const diagnostics = [
      {
        severity: 'error' as const,
        file: 'src/App.tsx',
        line: 4,
        column: 9,
        message: 'Expected ";" but found "}"',
      },
    ];
    start({ config: { versionIndex: null, buildFailure: diagnostics } });

    expect(posted().map((message) => message.type)).toEqual(['ready', 'build-failed']);
    expect(postedOfType('build-failed')[0].diagnostics).toEqual(diagnostics);
  });

  it('posts nothing and leaves the console alone in a tab of its own, but still hides the token', () => {
    const postToSelf = jest.spyOn(window, 'postMessage');
    start({ url: `/?${TOKEN_QUERY}`, embedded: false });

    console.log('hello');

    expect(postToSelf).not.toHaveBeenCalled();
    expect(console.log).toBe(appConsole.log);
    expect(location.search).toBe('');
  });
});

describe('installBridge: URL changes', () => {
  it('reports push and replace after the app’s history calls, only when the URL changed', () => {
    start({ url: `/?${TOKEN_QUERY}` });

    history.pushState({ idx: 1 }, '', '/products?page=2');
    history.replaceState({ idx: 1, scroll: 40 }, '', '/products?page=2');
    history.replaceState(null, '', '/products?page=3');

    expect(location.pathname + location.search).toBe('/products?page=3');
    expect(history.state).toBeNull();
    expect(postedOfType('url')).toEqual([
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'url', url: '/products?page=2', kind: 'push' },
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'url', url: '/products?page=3', kind: 'replace' },
    ]);
  });

  it('reports popstate as pop and hashchange as hash', () => {
    start();

    pushState.call(history, null, '', '/back-here');
    window.dispatchEvent(new PopStateEvent('popstate'));
    pushState.call(history, null, '', '/back-here#details');
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    window.dispatchEvent(new HashChangeEvent('hashchange'));

    expect(postedOfType('url').map(({ url, kind }) => [url, kind])).toEqual([
      ['/back-here', 'pop'],
      ['/back-here#details', 'hash'],
    ]);
  });
});

describe('installBridge: console', () => {
  it('keeps the app’s console call and posts each level', () => {
    start();

    for (const level of LEVELS) console[level](`a ${level} line`);

    for (const level of LEVELS) expect(appConsole[level]).toHaveBeenCalledWith(`a ${level} line`);
    expect(postedOfType('console').map(({ level, text }) => [level, text])).toEqual(
      LEVELS.map((level) => [level, `a ${level} line`]),
    );
  });

  it('formats values like a console: strings as they are, errors by name and message, the rest as JSON', () => {
    start();
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;

    console.log(
      'count',
      3,
      { a: [1, 'b'] },
      new TypeError('bad input'),
      null,
      undefined,
      NaN,
      cycle,
    );
    console.error('Warning: %s has %d items (%c100%%)', 'Cart', 4.7, 'color: red', 'extra');
    console.info('x'.repeat(25_000));

    expect(postedOfType('console').map(({ text }) => text)).toEqual([
      'count 3 {"a":[1,"b"]} TypeError: bad input null undefined NaN [object Object]',
      'Warning: Cart has 4 items (100%) extra',
      'x'.repeat(20_000),
    ]);
  });

  it('posts at most 200 messages a second, then says how many it left out', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    start();

    for (let index = 0; index < 250; index += 1) console.log(`line ${index}`);
    expect(postedOfType('console')).toHaveLength(200);
    expect(appConsole.log).toHaveBeenCalledTimes(250);

    jest.advanceTimersByTime(1000);
    console.log('after the burst');

    expect(
      postedOfType('console')
        .slice(200)
        .map(({ level, text }) => [level, text]),
    ).toEqual([
      ['warn', 'Mason left out 50 console messages: the app logged more than 200 in one second.'],
      ['log', 'after the burst'],
    ]);
  });

  it('never posts a console call made while posting, and never throws', () => {
    start();
    parent.postMessage.mockImplementation(() => {
      console.warn('logged by the browser while posting');
      throw new Error('the parent is gone');
    });

    expect(() => console.log('hello')).not.toThrow();
    expect(appConsole.log).toHaveBeenCalledWith('hello');
    expect(appConsole.warn).toHaveBeenCalledWith('logged by the browser while posting');
    // ready, then the one console message; the warning made while posting is not posted.
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
  });
});

describe('installBridge: the data API’s refusals', () => {
  /** A fetch answering each path with a status and a JSON body, as the data API does. */
  function dataApi(answers: Record<string, { status: number; body?: unknown }>) {
    const fetch = jest.fn(async (input: string) => {
      const { status, body } = answers[new URL(input, location.href).pathname] ?? { status: 200 };
      return {
        status,
        ok: status < 400,
        clone: () => ({ text: async () => JSON.stringify(body ?? {}) }),
      };
    });
    Object.assign(window, { fetch });
    return fetch;
  }
  const consoleLines = async () => {
    // The body is read after the app has its response.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    return postedOfType('console').map(({ level, text }) => ({ level, text }));
  };

  it('shows a refused request in the console with its table and PostgreSQL’s words; the app gets its answer', async () => {
    const fetch = dataApi({
      '/rest/v1/notes': {
        status: 403,
        body: {
          code: '42501',
          details: null,
          hint: null,
          message: 'new row violates row-level security policy for table "notes"',
        },
      },
      '/rest/v1/rpc/add_tag': {
        status: 404,
        body: {
          code: 'PGRST202',
          message: 'Could not find the function public.add_tag',
          hint: 'Perhaps you meant public.add_tags',
        },
      },
      '/auth/v1/token': {
        status: 400,
        body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
      },
    });
    start();
    const answer = await window.fetch('/rest/v1/notes', { method: 'POST', body: '{}' });
    expect(answer.status).toBe(403);
    expect(fetch).toHaveBeenCalledTimes(1);
    await window.fetch(`${location.origin}/rest/v1/rpc/add_tag`, { method: 'POST' });
    await window.fetch('/auth/v1/token?grant_type=password', { method: 'POST' });
    await window.fetch('/rest/v1/notes?select=*');
    expect(await consoleLines()).toEqual([
      {
        level: 'error',
        text: 'Data API refused inserting into notes: 403 42501: new row violates row-level security policy for table "notes"',
      },
      {
        level: 'error',
        text: 'Data API refused calling add_tag(): 404 PGRST202: Could not find the function public.add_tag Hint: Perhaps you meant public.add_tags',
      },
      {
        level: 'warn',
        text: 'Data API refused sign-in (token): 400 invalid_credentials: Invalid login credentials',
      },
      {
        level: 'error',
        text: 'Data API refused reading notes: 403 42501: new row violates row-level security policy for table "notes"',
      },
    ]);
  });

  it('leaves answers that went well, other origins and other paths out', async () => {
    dataApi({ '/api/things': { status: 500 } });
    start();
    await window.fetch('/rest/v1/notes?select=*');
    await window.fetch('https://elsewhere.example.com/rest/v1/notes', { method: 'DELETE' });
    await window.fetch('/api/things');
    expect(await consoleLines()).toEqual([]);
  });
});

describe('installBridge: uncaught errors', () => {
  it('posts an uncaught error and an unhandled rejection to the parent and to the host, with the token', async () => {
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(window, { fetch });
    start({ url: `/cart?${TOKEN_QUERY}`, config: { errorsUrl: '/__mason/errors' } });
    const error = new TypeError('items is undefined');

    window.dispatchEvent(
      new ErrorEvent('error', { message: 'Uncaught TypeError: items is undefined', error }),
    );
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'offline' }));

    expect(postedOfType('error')).toEqual([
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'error',
        kind: 'error',
        message: 'Uncaught TypeError: items is undefined',
        stack: error.stack,
      },
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'error',
        kind: 'unhandledrejection',
        message: 'offline',
        stack: null,
      },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${PREVIEW_ORIGIN}/__mason/errors?${TOKEN_QUERY}`);
    expect(init).toMatchObject({
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(init.body))).toEqual({
      kind: 'error',
      message: 'Uncaught TypeError: items is undefined',
      stack: error.stack,
      page: '/cart',
      phase: 'load',
    });
  });

  /** The bridge's reports to the host so far, as [message, phase]. */
  function reportedPhases(fetch: jest.Mock) {
    return fetch.mock.calls.map(([, init]) => {
      const body = JSON.parse(String((init as RequestInit).body)) as Record<string, string>;
      return [body['message'], body['phase']];
    });
  }
  const throwError = (message: string) =>
    window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));

  it('tells the host an error came after the load once the person clicked (the click’s own error)', () => {
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(window, { fetch });
    start({ config: { errorsUrl: '/__mason/errors' } });

    throwError('as it renders');
    window.dispatchEvent(new Event('pointerdown'));
    throwError('from the click');
    expect(reportedPhases(fetch)).toEqual([
      ['as it renders', 'load'],
      ['from the click', 'after-load'],
    ]);
  });

  it('tells the host an error came after the load once the untouched page has settled', async () => {
    jest.useFakeTimers();
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(window, { fetch });
    start({ config: { errorsUrl: '/__mason/errors' } });

    throwError('early');
    await jest.advanceTimersByTimeAsync(5000);
    throwError('from a timer');
    expect(reportedPhases(fetch)).toEqual([
      ['early', 'load'],
      ['from a timer', 'after-load'],
    ]);
  });

  it('sends the host at most 10 errors in 10 seconds and ignores its failures', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    Object.assign(window, { fetch });
    start({ config: { errorsUrl: '/__mason/errors' } });
    const reject = () =>
      window.dispatchEvent(
        Object.assign(new Event('unhandledrejection'), { reason: new RangeError('too deep') }),
      );

    for (let index = 0; index < 12; index += 1) reject();
    await Promise.resolve();
    expect(fetch).toHaveBeenCalledTimes(10);
    expect(postedOfType('error')).toHaveLength(12);
    expect(postedOfType('error')[0].message).toBe('RangeError: too deep');

    jest.advanceTimersByTime(10_000);
    reject();
    expect(fetch).toHaveBeenCalledTimes(11);

    fetch.mockImplementation(() => {
      throw new TypeError('fetch is broken');
    });
    expect(reject).not.toThrow();
  });
});

describe('installBridge: commands', () => {
  it('navigates to a path the way the app’s router hears it, and reports a push', () => {
    start({ url: `/?${TOKEN_QUERY}` });
    const heardByRouter: string[] = [];
    window.addEventListener('popstate', () =>
      heardByRouter.push(location.pathname + location.search + location.hash),
    );

    command({ type: 'navigate', url: '/orders?status=open#latest' });

    expect(heardByRouter).toEqual(['/orders?status=open#latest']);
    expect(postedOfType('url')).toEqual([
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'url',
        url: '/orders?status=open#latest',
        kind: 'push',
      },
    ]);
  });

  it('ignores a navigation to anything but a path of the preview', () => {
    start({ url: `/home?${TOKEN_QUERY}` });

    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example/x',
      'javascript:alert(1)',
      'orders',
    ]) {
      command({ type: 'navigate', url });
    }

    expect(location.href).toBe(`${PREVIEW_ORIGIN}/home`);
    expect(postedOfType('url')).toEqual([]);
  });

  it('goes back and forward in the app’s history', () => {
    start();
    const back = jest.spyOn(history, 'back').mockImplementation(() => undefined);
    const forward = jest.spyOn(history, 'forward').mockImplementation(() => undefined);

    command({ type: 'back' });
    command({ type: 'forward' });

    expect(back).toHaveBeenCalledTimes(1);
    expect(forward).toHaveBeenCalledTimes(1);
  });

  it('ignores messages from another origin, another window, another channel or with a malformed body', () => {
    const replace = spyOnLocationReplace();
    start({ url: `/home?${TOKEN_QUERY}` });
    const reload = { channel: PREVIEW_BRIDGE_CHANNEL, type: 'reload' };

    send(reload, { origin: 'http://evil.localhost:4200' });
    send(reload, { origin: PREVIEW_ORIGIN });
    send(reload, { source: window });
    send({ ...reload, channel: 'another-channel' });
    for (const body of [
      null,
      'reload',
      [reload],
      { channel: PREVIEW_BRIDGE_CHANNEL },
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'explode' },
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'navigate', url: 42 },
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'layout-mode', enabled: 'yes' },
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'preview-edits', edits: 'all' },
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'preview-edits',
        edits: [{ filePath: 'src/App.tsx', line: 0, column: 1 }],
      },
      {
        channel: PREVIEW_BRIDGE_CHANNEL,
        type: 'preview-edits',
        edits: [{ filePath: 'src/App.tsx', line: 1, column: 1, style: { color: 1 } }],
      },
    ]) {
      expect(() => send(body)).not.toThrow();
    }

    expect(replace).not.toHaveBeenCalled();
    expect(overlays()).toEqual([]);
    expect(location.href).toBe(`${PREVIEW_ORIGIN}/home`);
    expect(posted().map((message) => message.type)).toEqual(['ready']);
  });
});

describe('installBridge: layout mode', () => {
  beforeEach(() => {
    document.body.innerHTML = `
      <main ${source('src/App.tsx', 12, 5, 'App')}>
        <article class="card" ${source('src/Card.tsx', 6, 7, 'Card')}>
          <h2 class="title big" style="color: red; font-size: 12px" ${source('src/Card.tsx', 7, 9, 'Card')}>Hello <em>there</em></h2>
          <p ${source('src/Card.tsx', 8, 9, 'Card')}>Fresh bread</p>
          <h3 ${source('src/Card.tsx', 11, 9, 'Card')} data-mason-text-code="{TITLE}">Today</h3>
          <button ${source('src/Card.tsx', 9, 9, 'Card')}><span>Buy</span></button>
          <hr ${source('src/Card.tsx', 10, 9, 'Card')}>
        </article>
        ${LIST}
      </main>`;
  });

  it('outlines the element under the pointer with a label, outside the app’s body', () => {
    start();
    const paragraph = element('p');
    jest.spyOn(paragraph, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 40, 200, 24));

    command({ type: 'layout-mode', enabled: true });
    paragraph.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));

    const hover = overlays().find((overlay) => overlay.style.display === 'block');
    expect(hover?.parentElement).toBe(document.documentElement);
    expect(document.body.querySelector('[data-mason-overlay]')).toBeNull();
    expect(hover?.textContent).toBe('Card · p');
    expect(hover?.style).toMatchObject({
      position: 'fixed',
      pointerEvents: 'none',
      zIndex: '2147483647',
      top: '40px',
      left: '10px',
      width: '200px',
      height: '24px',
    });
  });

  it('outlines the nearest element with a source when the pointer is over one without', () => {
    start();
    command({ type: 'layout-mode', enabled: true });

    element('button span').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));

    expect(overlays().find((overlay) => overlay.style.display === 'block')?.textContent).toBe(
      'Card · button',
    );
  });

  it('swallows a click and reports the picked element as the page built it', () => {
    start({ url: `/menu?${TOKEN_QUERY}` });
    const appHeard = jest.fn();
    element('button').addEventListener('click', appHeard);
    element('button').addEventListener('pointerdown', appHeard);
    command({ type: 'layout-mode', enabled: true });

    element('button span').dispatchEvent(
      new MouseEvent('pointerdown', { bubbles: true, cancelable: true }),
    );
    const event = click(element('button span'));

    expect(appHeard).not.toHaveBeenCalled();
    expect(event.defaultPrevented).toBe(true);
    expect(postedOfType('selected')[0].selection).toEqual({
      componentName: 'Card',
      filePath: 'src/Card.tsx',
      line: 9,
      column: 9,
      filePart: 'src/Card.tsx:9:9',
      page: '/menu',
      tagName: 'button',
      className: '',
      textContent: null,
      style: {},
      instances: 1,
    });
  });

  it('reports class, text, style and the count of instances', () => {
    start();
    command({ type: 'layout-mode', enabled: true });

    click(element('h2'));
    click(element('p'));
    click(element('hr'));
    click(items()[1]);

    const selections = postedOfType('selected').map(({ selection }) => selection);
    expect(selections[0]).toMatchObject({
      tagName: 'h2',
      className: 'title big',
      textContent: null,
      style: { color: 'red', 'font-size': '12px' },
      instances: 1,
    });
    expect(selections[1]).toMatchObject({ tagName: 'p', textContent: 'Fresh bread' });
    expect(selections[1]).not.toHaveProperty('textFromCode');
    expect(selections[2]).toMatchObject({ tagName: 'hr', textContent: '' });
    expect(selections[3]).toMatchObject({
      componentName: 'List',
      filePart: 'src/List.tsx:10:9',
      className: 'item',
      textContent: 'Two',
      instances: 3,
    });
  });

  it('says which text comes from code, as the preview build marked it', () => {
    start();
    command({ type: 'layout-mode', enabled: true });

    click(element('h3'));

    expect(postedOfType('selected')[0].selection).toMatchObject({
      tagName: 'h3',
      textContent: 'Today',
      textFromCode: '{TITLE}',
    });
  });

  it('keeps a second, distinct outline on the picked element until another is picked', () => {
    start();
    command({ type: 'layout-mode', enabled: true });
    const first = element('p');
    const second = element('h2');
    jest.spyOn(first, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 100, 50, 20));
    jest.spyOn(second, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 300, 80, 30));
    const [hover, picked] = overlays();

    click(first);
    expect(picked.style).toMatchObject({ display: 'block', top: '100px' });
    expect(picked.style.outline).not.toBe(hover.style.outline);

    click(second);
    expect(picked.style).toMatchObject({ display: 'block', top: '300px' });
  });

  it('stays on after Escape, and when turned off removes its outlines and lets clicks through', () => {
    start();
    const appHeard = jest.fn();
    element('button').addEventListener('click', appHeard);
    command({ type: 'layout-mode', enabled: true });
    click(element('p'));

    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(overlays()).toHaveLength(2);

    command({ type: 'layout-mode', enabled: false });
    click(element('button'));
    element('p').dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));

    expect(overlays()).toEqual([]);
    expect(appHeard).toHaveBeenCalledTimes(1);
    expect(postedOfType('selected')).toHaveLength(1);
  });
});

describe('installBridge: preview edits', () => {
  beforeEach(() => {
    document.body.innerHTML = `${LIST}<h2 class="title" ${source('src/App.tsx', 3, 5)}>Hi <em>you</em></h2>`;
  });

  it('applies an edit to every instance of the element, changing the text the app rendered in place', () => {
    start();
    const renderedText = items()[0].firstChild;

    command({
      type: 'preview-edits',
      edits: [
        {
          filePath: 'src/List.tsx',
          line: 10,
          column: 9,
          className: 'item done',
          textContent: 'Changed',
          style: { fontWeight: '700', color: '', '--accent': 'blue' },
        },
      ],
    });

    for (const item of items()) {
      expect(item.getAttribute('class')).toBe('item done');
      expect(item.textContent).toBe('Changed');
      expect(item.style.getPropertyValue('font-weight')).toBe('700');
      expect(item.style.getPropertyValue('--accent')).toBe('blue');
      expect(item.style.getPropertyValue('color')).toBe('');
    }
    expect(items()[0].firstChild).toBe(renderedText);
  });

  it('in a Tailwind app, asks the host for the rules of edited classes and swaps the stylesheet in', async () => {
    const fetch = jest.fn().mockResolvedValue({ ok: true, text: async () => '.text-7xl{}' });
    const restyle = jest.fn();
    Object.assign(window, { fetch, __masonHot: { restyle } });
    try {
      start({ config: { stylesUrl: '/__mason/styles/build-a.css' } });
      const edit = { filePath: 'src/List.tsx', line: 10, column: 9, className: 'text-7xl item' };
      command({ type: 'preview-edits', edits: [edit] });
      // The mocked fetch answers in a few microtasks.
      for (let turn = 0; turn < 20 && restyle.mock.calls.length === 0; turn += 1)
        await Promise.resolve();
      expect(restyle).toHaveBeenCalledWith('.text-7xl{}');
      const url = new URL(fetch.mock.calls[0][0] as string);
      expect(url.pathname).toBe('/__mason/styles/build-a.css');
      expect(url.searchParams.get('classes')).toBe('item text-7xl');
      expect(url.searchParams.get('mason_preview')).toBe(TOKEN);
      // The same classes again, or edits without classes: nothing more to ask.
      command({ type: 'preview-edits', edits: [{ ...edit, className: 'item text-7xl' }] });
      command({ type: 'preview-edits', edits: [{ ...edit, className: undefined, hidden: true }] });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as { __masonHot?: unknown }).__masonHot;
    }
  });

  it('hides an element, and leaves the text of an element holding other elements alone', () => {
    start();

    command({
      type: 'preview-edits',
      edits: [
        { filePath: 'src/List.tsx', line: 10, column: 9, hidden: true },
        { filePath: 'src/App.tsx', line: 3, column: 5, textContent: 'Flattened' },
      ],
    });

    expect(items().map((item) => item.style.display)).toEqual(['none', 'none', 'none']);
    expect(element('h2').innerHTML).toBe('Hi <em>you</em>');
  });

  it('restores every element before the next set of edits', () => {
    start();
    const edit = { filePath: 'src/List.tsx', line: 10, column: 9 };
    command({
      type: 'preview-edits',
      edits: [
        { ...edit, className: 'gone', textContent: 'X', style: { margin: '4px' }, hidden: true },
      ],
    });

    command({ type: 'preview-edits', edits: [{ ...edit, textContent: 'Only the text' }] });
    expect(
      items().map((item) => [
        item.getAttribute('class'),
        item.getAttribute('style'),
        item.textContent,
      ]),
    ).toEqual([1, 2, 3].map(() => ['item', 'color: red', 'Only the text']));

    command({ type: 'preview-edits', edits: [] });
    expect(
      items().map((item) => [
        item.getAttribute('class'),
        item.getAttribute('style'),
        item.textContent,
      ]),
    ).toEqual([
      ['item', 'color: red', 'One'],
      ['item', 'color: red', 'Two'],
      ['item', 'color: red', 'Three'],
    ]);
  });

  it('adds text to an empty element and takes it away again', () => {
    document.body.innerHTML = `<p ${source('src/App.tsx', 9, 3)}></p>`;
    start();

    command({
      type: 'preview-edits',
      edits: [{ filePath: 'src/App.tsx', line: 9, column: 3, textContent: 'New words' }],
    });
    expect(element('p').textContent).toBe('New words');

    command({ type: 'preview-edits', edits: [] });
    expect(element('p').childNodes).toHaveLength(0);
  });

  it('shows an image’s new source, reports the source as built, and puts it back', () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      `<img alt="Team" src="/assets/team.jpg" ${source('src/App.tsx', 4, 5)}>`,
    );
    start();
    const image = document.querySelector('img') as HTMLImageElement;

    command({
      type: 'preview-edits',
      edits: [{ filePath: 'src/App.tsx', line: 4, column: 5, src: 'https://example.com/new.jpg' }],
    });
    expect(image.getAttribute('src')).toBe('https://example.com/new.jpg');
    command({ type: 'layout-mode', enabled: true });
    click(image);
    click(element('h2'));
    const [picked, heading] = postedOfType('selected').map(({ selection }) => selection);
    expect(picked).toMatchObject({ tagName: 'img', src: '/assets/team.jpg' });
    expect(heading).not.toHaveProperty('src');

    command({ type: 'preview-edits', edits: [] });
    expect(image.getAttribute('src')).toBe('/assets/team.jpg');
  });

  it('reports a picked element as built, not as the preview edits show it', () => {
    start();
    command({
      type: 'preview-edits',
      edits: [
        {
          filePath: 'src/List.tsx',
          line: 10,
          column: 9,
          className: 'item done',
          textContent: 'Changed',
          style: { color: 'blue' },
        },
      ],
    });
    command({ type: 'layout-mode', enabled: true });

    click(items()[2]);

    expect(postedOfType('selected')[0].selection).toMatchObject({
      className: 'item',
      textContent: 'Three',
      style: { color: 'red' },
      instances: 3,
    });
  });
});

describe('installBridge: live updates', () => {
  class FakeEventSource extends EventTarget {
    static opened: FakeEventSource[] = [];
    closed = false;
    constructor(readonly url: string) {
      super();
      FakeEventSource.opened.push(this);
    }
    close(): void {
      this.closed = true;
    }
    announce(data: unknown): void {
      this.dispatchEvent(new MessageEvent('version', { data: JSON.stringify(data) }));
    }
  }

  /** The hot runtime as a page that shows a build has it; `applies` is what its update answers. */
  function installHotRuntime(applies: boolean | Error = true): jest.Mock {
    const update = jest.fn(async () => {
      if (applies instanceof Error) throw applies;
      return applies;
    });
    Object.defineProperty(window, '__masonHot', { value: { update }, configurable: true });
    return update;
  }

  /** Lets the bridge's queued update run. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(window, { EventSource: FakeEventSource });
  });
  afterEach(() => {
    delete (window as { __masonHot?: unknown }).__masonHot;
  });

  it('listens with the token and the build it shows, and reloads, with the token, when another build is announced', () => {
    const replace = spyOnLocationReplace();
    start({
      url: `/shop?${TOKEN_QUERY}`,
      config: { liveUrl: '/__mason/live', buildKey: 'build-a' },
    });
    const [live] = FakeEventSource.opened;
    expect(live.url).toBe(`${PREVIEW_ORIGIN}/__mason/live?build=build-a&${TOKEN_QUERY}`);

    live.announce({ index: 3, buildKey: 'build-a' });
    live.dispatchEvent(new MessageEvent('version', { data: 'not json' }));
    expect(replace).not.toHaveBeenCalled();

    live.announce({ index: 4, buildKey: 'build-b' });
    expect(replace).toHaveBeenCalledWith(`${PREVIEW_ORIGIN}/shop?${TOKEN_QUERY}`);
    expect(live.closed).toBe(true);
  });

  it('reloads on the first announced build while the host was still building', () => {
    const replace = spyOnLocationReplace();
    start({ config: { liveUrl: '/__mason/live', buildKey: null, versionIndex: null } });

    FakeEventSource.opened[0].announce({ index: 0, buildKey: 'build-a' });

    expect(replace).toHaveBeenCalledTimes(1);
  });

  it('swaps the components in without a reload when the host made an update (loaded with the token), and tells Mason the version it shows', async () => {
    const replace = spyOnLocationReplace();
    const update = installHotRuntime(true);
    start({
      url: `/shop?${TOKEN_QUERY}`,
      config: { liveUrl: '/__mason/live', buildKey: 'build-a' },
    });
    parent.postMessage.mockClear();

    FakeEventSource.opened[0].announce({
      index: 4,
      versionId: 'version-4',
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
      kind: 'refresh',
    });
    await settle();

    // Only markup changed ('refresh'): the app's state is kept.
    expect(update).toHaveBeenCalledWith(
      `${PREVIEW_ORIGIN}/__mason/hot/build-a/build-b.js?${TOKEN_QUERY}`,
      false,
    );
    expect(replace).not.toHaveBeenCalled();
    expect(FakeEventSource.opened[0].closed).toBe(false);
    expect(postedOfType('ready')).toEqual([
      expect.objectContaining({ url: '/shop', versionIndex: 4, versionId: 'version-4' }),
    ]);

    // The page shows build-b now: announcing it again changes nothing.
    FakeEventSource.opened[0].announce({ index: 4, buildKey: 'build-b', hotUrl: null });
    await settle();
    expect(update).toHaveBeenCalledTimes(1);
    expect(replace).not.toHaveBeenCalled();
  });

  it('starts a new first render for a version swapped in place: its error is one of the load, even after a click on the old one', async () => {
    const fetch = jest.fn().mockResolvedValue({ ok: true });
    Object.assign(window, { fetch });
    const update = installHotRuntime(true);
    start({
      config: { liveUrl: '/__mason/live', buildKey: 'build-a', errorsUrl: '/__mason/errors' },
    });
    const throwError = (message: string) =>
      window.dispatchEvent(new ErrorEvent('error', { message, error: new Error(message) }));
    window.dispatchEvent(new Event('pointerdown'));
    throwError('from the click');
    // The new version throws as React renders it.
    update.mockImplementation(async () => {
      throwError('as the new version renders');
      return true;
    });

    FakeEventSource.opened[0].announce({
      index: 4,
      versionId: 'version-4',
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
    });
    await settle();

    const phases = fetch.mock.calls.map(([, init]) => {
      const body = JSON.parse(String((init as RequestInit).body)) as Record<string, string>;
      return [body['message'], body['phase']];
    });
    expect(phases).toEqual([
      ['from the click', 'after-load'],
      ['as the new version renders', 'load'],
    ]);
  });

  it('follows files as they are written, running the update the host sent along, then tells Mason the version that stores them', async () => {
    const replace = spyOnLocationReplace();
    const update = installHotRuntime(true);
    const blobs: Blob[] = [];
    const revokeObjectURL = jest.fn();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => `blob:${PREVIEW_ORIGIN}/update-${blobs.push(blob)}`,
      revokeObjectURL,
    });
    try {
      start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a', versionId: 'version-3' } });
      parent.postMessage.mockClear();
      const [live] = FakeEventSource.opened;

      live.announce({
        index: null,
        versionId: null,
        buildKey: 'build-b',
        hotUrl: '/__mason/hot/build-a/build-b.js',
        js: 'export const written = true;',
        working: true,
      });
      // The version that stores those files, announced before the update has run.
      live.announce({ index: 4, versionId: 'version-4', buildKey: 'build-b', hotUrl: null });
      await settle();

      // The module came with the event: run from a blob: URL, nothing fetched, no reload.
      expect(update).toHaveBeenCalledTimes(1);
      // No kind said: the app starts afresh (a fresh start never shows a mix of versions).
      expect(update).toHaveBeenCalledWith(`blob:${PREVIEW_ORIGIN}/update-1`, true);
      const text = await new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.readAsText(blobs[0] as Blob);
      });
      expect(text).toBe('export const written = true;');
      expect(revokeObjectURL).toHaveBeenCalledWith(`blob:${PREVIEW_ORIGIN}/update-1`);
      expect(replace).not.toHaveBeenCalled();
      // Mason's window hears of the stored version only (the files were not one).
      expect(postedOfType('ready')).toEqual([
        expect.objectContaining({ versionIndex: 4, versionId: 'version-4' }),
      ]);
    } finally {
      Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
    }
  });

  it('starts the app afresh in place when the host says the update may change state (remount)', async () => {
    const replace = spyOnLocationReplace();
    const update = installHotRuntime(true);
    start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a' } });
    const [live] = FakeEventSource.opened;

    live.announce({
      index: 4,
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
      kind: 'remount',
    });
    await settle();
    live.announce({
      index: 5,
      buildKey: 'build-c',
      hotUrl: '/__mason/hot/build-b/build-c.js',
      kind: 'other',
    });
    await settle();

    expect(update.mock.calls).toEqual([
      [`${PREVIEW_ORIGIN}/__mason/hot/build-a/build-b.js?${TOKEN_QUERY}`, true],
      [`${PREVIEW_ORIGIN}/__mason/hot/build-b/build-c.js?${TOKEN_QUERY}`, true],
    ]);
    expect(replace).not.toHaveBeenCalled();
  });

  it('puts preview edits back before the update, so React updates the page it rendered', async () => {
    spyOnLocationReplace();
    document.body.innerHTML = `<h1 data-mason-file="src/App.tsx" data-mason-line="3" data-mason-col="5">Your app</h1>`;
    const seenByUpdate: (string | null)[] = [];
    const update = jest.fn(async () => {
      seenByUpdate.push(document.querySelector('h1')?.textContent ?? null);
      return true;
    });
    Object.defineProperty(window, '__masonHot', { value: { update }, configurable: true });
    start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a' } });
    command({
      type: 'preview-edits',
      edits: [{ filePath: 'src/App.tsx', line: 3, column: 5, textContent: 'Mugs, by hand' }],
    });
    expect(document.querySelector('h1')?.textContent).toBe('Mugs, by hand');

    FakeEventSource.opened[0].announce({
      index: 4,
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
    });
    await settle();

    expect(seenByUpdate).toEqual(['Your app']);
  });

  it('reloads when the update does not apply, fails, or is not offered', async () => {
    for (const [applies, hotUrl] of [
      [false, '/__mason/hot/build-a/build-b.js'],
      [
        new Error('The page runs no module src/App.tsx to update.'),
        '/__mason/hot/build-a/build-b.js',
      ],
      [true, null],
      // Only the host's own update path is loaded.
      [true, 'https://elsewhere.example/evil.js'],
    ] as const) {
      const replace = spyOnLocationReplace();
      installHotRuntime(applies);
      start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a' } });
      FakeEventSource.opened.at(-1)?.announce({ index: 4, buildKey: 'build-b', hotUrl });
      await settle();
      expect(replace).toHaveBeenCalledTimes(1);
      replace.mockRestore();
    }
  });

  it('reloads a page without the hot runtime, and a page that shows a failed build', async () => {
    const replace = spyOnLocationReplace();
    start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a' } });
    FakeEventSource.opened[0].announce({
      index: 4,
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
    });
    expect(replace).toHaveBeenCalledTimes(1);

    const update = installHotRuntime(true);
    start({
      config: {
        liveUrl: '/__mason/live',
        buildKey: 'build-a',
        buildFailure: [{ severity: 'error', file: null, line: null, column: null, message: 'x' }],
      },
    });
    // A failed build is not one to update from: the host is not told it.
    expect(FakeEventSource.opened[1].url).toBe(`${PREVIEW_ORIGIN}/__mason/live?${TOKEN_QUERY}`);
    FakeEventSource.opened[1].announce({
      index: 4,
      buildKey: 'build-b',
      hotUrl: '/__mason/hot/build-a/build-b.js',
    });
    await settle();
    expect(update).not.toHaveBeenCalled();
    expect(replace).toHaveBeenCalledTimes(2);

    // Files being written do not reload a page that cannot follow them: their version will.
    start({ config: { liveUrl: '/__mason/live', buildKey: 'build-a' } });
    delete (window as { __masonHot?: unknown }).__masonHot;
    FakeEventSource.opened[2].announce({
      index: null,
      buildKey: 'build-c',
      hotUrl: '/__mason/hot/build-a/build-c.js',
      working: true,
    });
    await settle();
    expect(replace).toHaveBeenCalledTimes(2);
  });

  it('closes the live channel when the page goes away', () => {
    start({ config: { liveUrl: '/__mason/live' } });

    window.dispatchEvent(new Event('pagehide'));

    expect(FakeEventSource.opened[0].closed).toBe(true);
  });
});

describe('installBridge: storage', () => {
  it('gives the app storage in memory when the browser refuses it to a framed preview, and says so', () => {
    const native = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
    try {
      start();
      window.localStorage.setItem('todos', '["milk"]');
      expect(window.localStorage.getItem('todos')).toBe('["milk"]');
      expect(window.localStorage.length).toBe(1);
      // Mason's note, not the app's console: the workspace shows it once, as information.
      expect(postedOfType('console')).toEqual([]);
      expect(postedOfType('notice')).toEqual([
        expect.objectContaining({
          text: expect.stringContaining('blocks localStorage in a framed preview'),
        }),
      ]);
    } finally {
      if (native) Object.defineProperty(window, 'localStorage', native);
    }
  });

  it('leaves working storage alone', () => {
    start();
    expect(postedOfType('console')).toEqual([]);
    expect(postedOfType('notice')).toEqual([]);
    window.localStorage.setItem('kept', 'yes');
    expect(window.localStorage.getItem('kept')).toBe('yes');
    window.localStorage.removeItem('kept');
  });
});
