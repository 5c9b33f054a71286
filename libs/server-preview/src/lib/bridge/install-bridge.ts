import type {
  BridgeMessage,
  BuildDiagnostic,
  ConsoleLevel,
  ParentMessage,
  PreviewEditPreview,
  PreviewSelection,
  UrlChangeKind,
} from '@mason/contract';

/**
 * What the preview host writes into each preview page (the `mason-bridge-config` JSON script)
 * for the bridge.
 */
export interface BridgeConfig {
  /** PREVIEW_BRIDGE_CHANNEL: every message in both directions carries it. */
  readonly channel: string;
  /** Mason's origin: the only origin the bridge posts to and takes commands from. */
  readonly parentOrigin: string;
  /** The version shown; null while the host builds the newest one. */
  readonly versionIndex: number | null;
  /** The id of that version (Mason's window saves visual edits against it). */
  readonly versionId: string | null;
  /** The build shown; a live 'version' event with another key updates or reloads the page. */
  readonly buildKey: string | null;
  /** The query parameter that carries the preview's access token ('mason_preview'). */
  readonly tokenParam: string;
  /**
   * Server-sent events on the preview origin (the bridge adds `build`: the key it shows): event
   * 'version', data {"index":n,"versionId":"…","buildKey":"…","hotUrl":"/__mason/hot/…"|null}.
   * With a hotUrl the page swaps the changed components in and keeps its state; without, it
   * reloads.
   */
  readonly liveUrl: string | null;
  /** Where uncaught errors are POSTed on the preview origin (JSON {kind, message, stack, page}). */
  readonly errorsUrl: string | null;
  /** The host could not build this version: the bridge tells Mason after 'ready'. */
  readonly buildFailure: readonly BuildDiagnostic[] | null;
}

/** A message without its channel: the bridge adds the channel when it posts. */
type WithoutChannel<Message> = Message extends unknown ? Omit<Message, 'channel'> : never;
type BridgeMessageBody = WithoutChannel<BridgeMessage>;
type ParentCommand = WithoutChannel<ParentMessage>;

/**
 * The bridge between Mason's window and the previewed app, run in the preview page before the
 * app's own script. The preview host serves it as `(${installBridge.toString()})(config)`, so
 * this is ONE self-contained function: it uses only its parameter, browser globals and names
 * declared inside it (type imports are erased), and no syntax newer than ES2022.
 *
 * It hides the access token from the app, reports the app's URL, console and uncaught errors to
 * Mason, runs Mason's commands (navigate, back, forward, reload, layout mode, preview edits) and
 * follows the live channel's new builds: in place through the hot runtime when the host made an
 * update, with a reload otherwise.
 */
export function installBridge(config: BridgeConfig): void {
  /** Longest console text, error message or stack the contract accepts. */
  const TEXT_LIMIT = 20_000;
  const CONSOLE_MESSAGES_PER_SECOND = 200;
  const ERROR_REPORTS_PER_WINDOW = 10;
  const ERROR_REPORT_WINDOW_MS = 10_000;
  /** The attributes the preview build puts on every JSX element (SOURCE_ATTRIBUTES). */
  const SOURCE = {
    file: 'data-mason-file',
    line: 'data-mason-line',
    column: 'data-mason-col',
    component: 'data-mason-component',
  } as const;
  const OVERLAY_ATTRIBUTE = 'data-mason-overlay';
  const HOVER_COLOUR = '#2563eb';
  const SELECTED_COLOUR = '#db2777';
  const LABEL_HEIGHT = 18;

  const parentWindow = window.parent;
  /** Opened in a tab of its own, the page has nobody to talk to. */
  const embedded = parentWindow !== window;
  const nativePushState = history.pushState;
  const nativeReplaceState = history.replaceState;
  /** Taken now, so an app that wraps fetch does not see (or break) the bridge's error reports. */
  const nativeFetch = typeof window.fetch === 'function' ? window.fetch.bind(window) : null;

  // ---- Storage: browsers that block third-party storage refuse it to a framed preview. ----

  /**
   * The preview runs on another site than Mason's window, and a browser that blocks third-party
   * storage throws on any use of localStorage there, which would crash most generated apps. The
   * app then gets storage in memory for this page instead, and a warning says so.
   */
  function storageInMemory(): Storage {
    const data = new Map<string, string>();
    return {
      get length() {
        return data.size;
      },
      key: (index: number) => [...data.keys()][index] ?? null,
      getItem: (key: string) => data.get(String(key)) ?? null,
      setItem: (key: string, value: string) => {
        data.set(String(key), String(value));
      },
      removeItem: (key: string) => {
        data.delete(String(key));
      },
      clear: () => data.clear(),
    };
  }
  const refusedStorage: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      window[name].getItem('mason');
    } catch {
      try {
        const memory = storageInMemory();
        Object.defineProperty(window, name, { configurable: true, get: () => memory });
        refusedStorage.push(name);
      } catch {
        // Left as the browser made it: the app sees the browser's own error.
      }
    }
  }

  // ---- The access token: kept here, hidden from the app and the address bar. ----

  const token = new URLSearchParams(location.search).get(config.tokenParam);

  function parameterName(part: string): string {
    const name = part.split('=')[0].replace(/\+/g, ' ');
    try {
      return decodeURIComponent(name);
    } catch {
      return name;
    }
  }

  /** `search` without the token parameter; the other parameters are kept byte for byte. */
  function searchWithoutToken(search: string): string {
    const kept = search
      .replace(/^\?/, '')
      .split('&')
      .filter((part) => part !== '' && parameterName(part) !== config.tokenParam);
    return kept.length > 0 ? `?${kept.join('&')}` : '';
  }

  /** `href` (absolute, or relative to the page) with the token, for a URL the browser loads. */
  function withToken(href: string): string {
    const url = new URL(href, location.href);
    if (token === null) return url.href;
    const search = searchWithoutToken(url.search);
    url.search = `${search}${search === '' ? '?' : '&'}${encodeURIComponent(config.tokenParam)}=${encodeURIComponent(token)}`;
    return url.href;
  }

  function currentUrl(): string {
    return location.pathname + location.search + location.hash;
  }

  if (token !== null) {
    nativeReplaceState.call(
      history,
      history.state,
      '',
      location.pathname + searchWithoutToken(location.search) + location.hash,
    );
  }

  // ---- Posting to Mason's window. ----

  function cut(text: string, limit: number = TEXT_LIMIT): string {
    return text.length > limit ? text.slice(0, limit) : text;
  }

  function post(body: BridgeMessageBody): void {
    if (!embedded) return;
    try {
      parentWindow.postMessage({ ...body, channel: config.channel }, config.parentOrigin);
    } catch {
      // Mason's window is gone or navigated away: there is nobody to tell.
    }
  }

  // ---- Values as a console shows them. ----

  function formatValue(value: unknown): string {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (value instanceof Element) return `<${value.tagName.toLowerCase()}>`;
    try {
      if (value === null || typeof value !== 'object') return String(value);
      const json = JSON.stringify(value);
      if (json !== undefined) return json;
    } catch {
      // A cycle, a BigInt inside or a throwing toJSON: String below.
    }
    try {
      return String(value);
    } catch {
      return Object.prototype.toString.call(value);
    }
  }

  /** console.log's arguments as one line; with more than one, the first may hold %s, %d, %o, %c… */
  function formatConsoleArguments(args: readonly unknown[]): string {
    const [first, ...rest] = args;
    if (typeof first !== 'string' || rest.length === 0) return cut(args.map(formatValue).join(' '));
    const line = first.replace(/%[sdifoOc%]/g, (directive) => {
      if (directive === '%%') return '%';
      if (rest.length === 0) return directive;
      const value = rest.shift();
      if (directive === '%c') return '';
      if (directive === '%d' || directive === '%i' || directive === '%f') {
        const number = typeof value === 'number' ? value : Number.parseFloat(formatValue(value));
        return String(directive === '%f' ? number : Math.trunc(number));
      }
      return formatValue(value);
    });
    return cut([line, ...rest.map(formatValue)].join(' '));
  }

  // ---- The app's URL. ----

  let reportedUrl = currentUrl();

  function reportUrl(kind: UrlChangeKind): void {
    const url = currentUrl();
    if (url === reportedUrl) return;
    reportedUrl = url;
    post({ type: 'url', url: cut(url, 4096), kind });
  }

  function reportingHistoryMethod(
    native: History['pushState'],
    kind: UrlChangeKind,
  ): History['pushState'] {
    return function (this: History, ...args: Parameters<History['pushState']>): void {
      native.apply(this, args);
      reportUrl(kind);
    };
  }

  /** A same-origin path Mason asked for: pushed and announced like a click on a router link. */
  function navigate(url: string): void {
    if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return;
    const target = new URL(url, location.href);
    if (target.origin !== location.origin) return;
    history.pushState(null, '', target.pathname + searchWithoutToken(target.search) + target.hash);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }

  // ---- Console messages, at most CONSOLE_MESSAGES_PER_SECOND. ----

  let consoleWindowStart = 0;
  let consoleMessagesInWindow = 0;
  let droppedConsoleMessages = 0;
  let droppedReportTimer: ReturnType<typeof setTimeout> | null = null;

  function reportDroppedConsoleMessages(): void {
    if (droppedReportTimer !== null) clearTimeout(droppedReportTimer);
    droppedReportTimer = null;
    const count = droppedConsoleMessages;
    if (count === 0) return;
    droppedConsoleMessages = 0;
    post({
      type: 'console',
      level: 'warn',
      text: `Mason left out ${count} console ${count === 1 ? 'message' : 'messages'}: the app logged more than ${CONSOLE_MESSAGES_PER_SECOND} in one second.`,
    });
  }

  /** Whether this console message may be posted; a dropped one is counted and reported later. */
  function admitConsoleMessage(): boolean {
    const now = Date.now();
    if (now - consoleWindowStart >= 1000) {
      reportDroppedConsoleMessages();
      consoleWindowStart = now;
      consoleMessagesInWindow = 0;
    }
    if (consoleMessagesInWindow < CONSOLE_MESSAGES_PER_SECOND) {
      consoleMessagesInWindow += 1;
      return true;
    }
    droppedConsoleMessages += 1;
    droppedReportTimer ??= setTimeout(
      reportDroppedConsoleMessages,
      consoleWindowStart + 1000 - now,
    );
    return false;
  }

  /** Set while a console message is posted, so a console call made meanwhile is not posted too. */
  let postingConsoleMessage = false;

  function wrapConsole(level: ConsoleLevel): void {
    const original = console[level];
    if (typeof original !== 'function') return;
    console[level] = function (this: Console, ...args: unknown[]): void {
      original.apply(this, args);
      if (postingConsoleMessage) return;
      postingConsoleMessage = true;
      try {
        if (admitConsoleMessage())
          post({ type: 'console', level, text: formatConsoleArguments(args) });
      } catch {
        // The app's console call must never fail because of the bridge.
      } finally {
        postingConsoleMessage = false;
      }
    };
  }

  // ---- Uncaught errors: to Mason's window, and to the host at most 10 per 10 s. ----

  let errorReportWindowStart = 0;
  let errorReportsInWindow = 0;

  function stackOf(value: unknown): string | null {
    const stack: unknown =
      typeof value === 'object' && value !== null
        ? (value as { stack?: unknown }).stack
        : undefined;
    return typeof stack === 'string' ? cut(stack) : null;
  }

  function sendErrorToHost(error: { kind: string; message: string; stack: string | null }): void {
    if (config.errorsUrl === null || nativeFetch === null) return;
    const now = Date.now();
    if (now - errorReportWindowStart >= ERROR_REPORT_WINDOW_MS) {
      errorReportWindowStart = now;
      errorReportsInWindow = 0;
    }
    if (errorReportsInWindow >= ERROR_REPORTS_PER_WINDOW) return;
    errorReportsInWindow += 1;
    try {
      nativeFetch(withToken(config.errorsUrl), {
        method: 'POST',
        keepalive: true,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...error, page: location.pathname }),
      }).catch(() => undefined);
    } catch {
      // The report is a courtesy: a page that cannot send it carries on.
    }
  }

  function reportError(
    kind: 'error' | 'unhandledrejection',
    message: string,
    stack: string | null,
  ): void {
    const error = { kind, message: cut(message), stack };
    post({ type: 'error', ...error });
    sendErrorToHost(error);
  }

  // ---- Source locations of the preview build's elements. ----

  function isPosition(value: unknown): value is number {
    return typeof value === 'number' && Number.isInteger(value) && value >= 1;
  }

  function sourceOf(element: Element): { file: string; line: number; column: number } | null {
    const file = element.getAttribute(SOURCE.file);
    const line = Number(element.getAttribute(SOURCE.line));
    const column = Number(element.getAttribute(SOURCE.column));
    return file !== null && isPosition(line) && isPosition(column) ? { file, line, column } : null;
  }

  /** Every element rendered from the JSX at file:line:column (many when a .map renders it). */
  function elementsFrom(file: string, line: number, column: number): Element[] {
    const candidates = document.querySelectorAll(
      `[${SOURCE.line}="${line}"][${SOURCE.column}="${column}"]`,
    );
    return Array.from(candidates).filter((element) => element.getAttribute(SOURCE.file) === file);
  }

  function taggedElementAt(target: EventTarget | null): Element | null {
    return target instanceof Element ? target.closest(`[${SOURCE.file}]`) : null;
  }

  function inlineStyleOf(element: Element): CSSStyleDeclaration | null {
    return (element as Partial<ElementCSSInlineStyle>).style ?? null;
  }

  /** The element's text nodes when it holds nothing else (none at all counts), else null. */
  function textNodesOf(element: Element): Text[] | null {
    const nodes = Array.from(element.childNodes);
    return nodes.every((node) => node.nodeType === Node.TEXT_NODE) ? (nodes as Text[]) : null;
  }

  function styleFromAttribute(attribute: string | null): Record<string, string> {
    const probe = document.createElement('div');
    if (attribute !== null) probe.setAttribute('style', attribute);
    const style: Record<string, string> = {};
    for (let index = 0; index < probe.style.length; index += 1) {
      const property = probe.style.item(index);
      style[cut(property, 100)] = cut(probe.style.getPropertyValue(property), 1000);
    }
    return style;
  }

  // ---- Preview edits: unsaved visual edits shown on the page, undone before the next set. ----

  /** An element as the page built it, before preview edits changed it. */
  interface OriginalElement {
    readonly className: string | null;
    readonly style: string | null;
    /** Its text nodes and their text; null when it holds other elements. */
    readonly texts: readonly { readonly node: Text; readonly data: string }[] | null;
    /** The text node an edit added to an element that had no children. */
    addedText: Text | null;
  }

  const editedElements = new Map<Element, OriginalElement>();

  function restoreAttribute(element: Element, name: string, value: string | null): void {
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  }

  function restoreEditedElements(): void {
    for (const [element, original] of editedElements) {
      restoreAttribute(element, 'class', original.className);
      restoreAttribute(element, 'style', original.style);
      for (const { node, data } of original.texts ?? []) node.data = data;
      original.addedText?.remove();
    }
    editedElements.clear();
  }

  function originalOf(element: Element): OriginalElement {
    const known = editedElements.get(element);
    if (known) return known;
    const original: OriginalElement = {
      className: element.getAttribute('class'),
      style: element.getAttribute('style'),
      texts: textNodesOf(element)?.map((node) => ({ node, data: node.data })) ?? null,
      addedText: null,
    };
    editedElements.set(element, original);
    return original;
  }

  /** Changes the data of the text nodes the app rendered, so its renderer keeps owning them. */
  function setText(element: Element, original: OriginalElement, text: string): void {
    if (original.texts === null) return;
    const [first, ...others] = original.texts;
    if (first) {
      first.node.data = text;
      for (const { node } of others) node.data = '';
    } else if (original.addedText) {
      original.addedText.data = text;
    } else {
      original.addedText = element.appendChild(document.createTextNode(text));
    }
  }

  function cssPropertyName(property: string): string {
    if (property.startsWith('--')) return property;
    return property
      .replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
      .replace(/^ms-/, '-ms-');
  }

  function applyEdit(element: Element, edit: PreviewEditPreview): void {
    const original = originalOf(element);
    if (edit.className !== undefined) element.setAttribute('class', edit.className);
    if (edit.textContent !== undefined) setText(element, original, edit.textContent);
    const style = inlineStyleOf(element);
    if (style === null) return;
    for (const [property, value] of Object.entries(edit.style ?? {})) {
      if (value === '') style.removeProperty(cssPropertyName(property));
      else style.setProperty(cssPropertyName(property), value);
    }
    if (edit.hidden) style.setProperty('display', 'none', 'important');
  }

  function applyPreviewEdits(edits: readonly PreviewEditPreview[]): void {
    restoreEditedElements();
    for (const edit of edits) {
      for (const element of elementsFrom(edit.filePath, edit.line, edit.column))
        applyEdit(element, edit);
    }
  }

  // ---- Layout mode: outline the element under the pointer, pick one with a click. ----

  /** The element as the page built it (preview edits undone), or null when it has no source. */
  function selectionOf(element: Element): PreviewSelection | null {
    const source = sourceOf(element);
    if (source === null) return null;
    const original = editedElements.get(element);
    const texts = original
      ? original.texts
      : (textNodesOf(element)?.map((node) => ({ data: node.data })) ?? null);
    const text = texts === null ? null : texts.map(({ data }) => data).join('');
    const className = original ? original.className : element.getAttribute('class');
    return {
      componentName: cut(element.getAttribute(SOURCE.component) ?? '', 200),
      filePath: source.file,
      line: source.line,
      column: source.column,
      filePart: `${source.file}:${source.line}:${source.column}`,
      page: cut(location.pathname, 2048),
      tagName: element.tagName.toLowerCase(),
      className: cut(className ?? '', 10_000),
      textContent: text === null || text.length > 10_000 ? null : text,
      style: styleFromAttribute(original ? original.style : element.getAttribute('style')),
      instances: elementsFrom(source.file, source.line, source.column).length,
    };
  }

  interface Overlay {
    readonly box: HTMLDivElement;
    /** The component name and tag, on the hover outline only. */
    readonly label: HTMLDivElement | null;
  }

  /** An outline kept out of the app's DOM queries: a child of <html>, not of <body>. */
  function createOverlay(colour: string, labelled: boolean): Overlay {
    const box = document.createElement('div');
    box.setAttribute(OVERLAY_ATTRIBUTE, '');
    box.setAttribute('aria-hidden', 'true');
    box.style.cssText =
      'position:fixed;display:none;box-sizing:border-box;margin:0;padding:0;border:0;' +
      `background:transparent;pointer-events:none;z-index:2147483647;outline:2px solid ${colour};outline-offset:-2px;`;
    let label: HTMLDivElement | null = null;
    if (labelled) {
      label = document.createElement('div');
      label.style.cssText =
        `position:absolute;left:0;padding:0 6px;font:600 11px/${LABEL_HEIGHT}px system-ui,sans-serif;` +
        `color:#fff;background:${colour};border-radius:2px;white-space:nowrap;`;
      box.appendChild(label);
    }
    document.documentElement.appendChild(box);
    return { box, label };
  }

  function placeOverlay(overlay: Overlay, element: Element | null): void {
    if (element === null || !element.isConnected) {
      overlay.box.style.display = 'none';
      return;
    }
    const rect = element.getBoundingClientRect();
    Object.assign(overlay.box.style, {
      display: 'block',
      top: `${rect.top}px`,
      left: `${rect.left}px`,
      width: `${rect.width}px`,
      height: `${rect.height}px`,
    });
    if (overlay.label) {
      const component = element.getAttribute(SOURCE.component);
      const tag = element.tagName.toLowerCase();
      overlay.label.textContent = component ? `${component} · ${tag}` : tag;
      // Above the element, or inside it when there is no room above.
      overlay.label.style.top = rect.top >= LABEL_HEIGHT ? `-${LABEL_HEIGHT}px` : '0px';
    }
  }

  /** Stops layout mode: its outlines and listeners go. */
  let stopLayoutMode: (() => void) | null = null;

  function startLayoutMode(): void {
    if (stopLayoutMode !== null) return;
    const hover = createOverlay(HOVER_COLOUR, true);
    const picked = createOverlay(SELECTED_COLOUR, false);
    let hoveredElement: Element | null = null;
    let pickedElement: Element | null = null;
    const listeners: [EventTarget, string, EventListener][] = [];
    function listen(target: EventTarget, type: string, listener: EventListener): void {
      target.addEventListener(type, listener, true);
      listeners.push([target, type, listener]);
    }
    function reposition(): void {
      placeOverlay(hover, hoveredElement);
      placeOverlay(picked, pickedElement);
    }
    /** The app must not react to a pick (a Radix menu opens on pointerdown, a link on click). */
    function swallow(event: Event): void {
      event.preventDefault();
      event.stopImmediatePropagation();
    }

    listen(document, 'mouseover', (event) => {
      hoveredElement = taggedElementAt(event.target);
      placeOverlay(hover, hoveredElement);
    });
    listen(document, 'mouseout', (event) => {
      if ((event as MouseEvent).relatedTarget !== null) return;
      hoveredElement = null;
      placeOverlay(hover, null);
    });
    listen(window, 'scroll', reposition);
    listen(window, 'resize', reposition);
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick']) {
      listen(window, type, swallow);
    }
    listen(window, 'click', (event) => {
      swallow(event);
      const element = taggedElementAt(event.target);
      const selection = element === null ? null : selectionOf(element);
      if (selection === null) return;
      pickedElement = element;
      placeOverlay(picked, pickedElement);
      post({ type: 'selected', selection });
    });

    stopLayoutMode = () => {
      for (const [target, type, listener] of listeners)
        target.removeEventListener(type, listener, true);
      hover.box.remove();
      picked.box.remove();
      stopLayoutMode = null;
    };
  }

  // ---- Mason's commands, checked by hand (the bridge has no schema library). ----

  function isRecord(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }

  function isOptional(value: unknown, type: 'string' | 'boolean'): boolean {
    return value === undefined || typeof value === type;
  }

  function readEdit(value: unknown): PreviewEditPreview | null {
    if (!isRecord(value) || typeof value.filePath !== 'string') return null;
    if (!isPosition(value.line) || !isPosition(value.column)) return null;
    if (!isOptional(value.className, 'string') || !isOptional(value.textContent, 'string'))
      return null;
    if (!isOptional(value.hidden, 'boolean')) return null;
    const style = value.style;
    if (
      style !== undefined &&
      !(isRecord(style) && Object.values(style).every((item) => typeof item === 'string'))
    ) {
      return null;
    }
    return {
      filePath: value.filePath,
      line: value.line,
      column: value.column,
      className: value.className as string | undefined,
      textContent: value.textContent as string | undefined,
      style: style as Record<string, string> | undefined,
      hidden: value.hidden as boolean | undefined,
    };
  }

  function readCommand(data: unknown): ParentCommand | null {
    if (!isRecord(data) || data.channel !== config.channel) return null;
    switch (data.type) {
      case 'navigate':
        return typeof data.url === 'string' ? { type: 'navigate', url: data.url } : null;
      case 'back':
      case 'forward':
      case 'reload':
        return { type: data.type };
      case 'layout-mode':
        return typeof data.enabled === 'boolean'
          ? { type: 'layout-mode', enabled: data.enabled }
          : null;
      case 'preview-edits': {
        if (!Array.isArray(data.edits)) return null;
        const edits = data.edits.map(readEdit);
        return edits.every((edit) => edit !== null)
          ? { type: 'preview-edits', edits: edits as PreviewEditPreview[] }
          : null;
      }
      default:
        return null;
    }
  }

  function runCommand(command: ParentCommand): void {
    switch (command.type) {
      case 'navigate':
        navigate(command.url);
        return;
      case 'back':
        history.back();
        return;
      case 'forward':
        history.forward();
        return;
      case 'reload':
        location.replace(withToken(location.href));
        return;
      case 'layout-mode':
        if (command.enabled) startLayoutMode();
        else stopLayoutMode?.();
        return;
      case 'preview-edits':
        applyPreviewEdits(command.edits);
        return;
    }
  }

  // ---- Installation. ----

  // A same-origin link that loads a page (the app's router did not take the click) carries the
  // token, so the next page is authorised; the href is put back once the browser has read it.
  if (token !== null) {
    window.addEventListener('click', (event) => {
      if (event.defaultPrevented || !(event.target instanceof Element)) return;
      const anchor = event.target.closest('a[href], area[href]');
      if (!(anchor instanceof HTMLAnchorElement || anchor instanceof HTMLAreaElement)) return;
      const next = new URL(anchor.href);
      if (next.origin !== location.origin) return;
      const samePage = next.pathname === location.pathname && next.search === location.search;
      if (samePage && next.hash !== '') return;
      const href = anchor.getAttribute('href') ?? '';
      const tokenHref = withToken(next.href);
      anchor.setAttribute('href', tokenHref);
      setTimeout(() => {
        if (anchor.getAttribute('href') === tokenHref) anchor.setAttribute('href', href);
      }, 0);
    });
  }

  window.addEventListener('error', (event) => {
    if (!(event instanceof ErrorEvent)) return;
    reportError('error', event.message || formatValue(event.error), stackOf(event.error));
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = (event as PromiseRejectionEvent).reason;
    reportError('unhandledrejection', formatValue(reason), stackOf(reason));
  });

  if (config.liveUrl !== null && typeof EventSource === 'function') {
    const liveUrl = new URL(config.liveUrl, location.href);
    if (config.buildKey !== null && config.buildFailure === null)
      liveUrl.searchParams.set('build', config.buildKey);
    const live = new EventSource(withToken(liveUrl.href));
    let shownBuildKey = config.buildKey;
    let reloading = false;
    /** Updates run one after another, in the order the host announced them. */
    let updates: Promise<void> = Promise.resolve();
    const reloadForNewBuild = () => {
      if (reloading) return;
      reloading = true;
      live.close();
      location.replace(withToken(location.href));
    };
    live.addEventListener('version', (event) => {
      let data: unknown;
      try {
        data = JSON.parse(String((event as MessageEvent).data));
      } catch {
        return;
      }
      if (!isRecord(data) || typeof data.buildKey !== 'string' || data.buildKey === shownBuildKey)
        return;
      const buildKey = data.buildKey;
      const versionIndex =
        typeof data.index === 'number' && Number.isInteger(data.index) && data.index >= 0
          ? data.index
          : null;
      const versionId = typeof data.versionId === 'string' ? data.versionId : null;
      const hotUrl =
        typeof data.hotUrl === 'string' && data.hotUrl.startsWith('/__mason/hot/')
          ? withToken(data.hotUrl)
          : null;
      // The hot runtime (installHotRuntime) runs before the app, on pages that show a build.
      const runtime: unknown = (window as unknown as { __masonHot?: unknown }).__masonHot;
      const hot =
        isRecord(runtime) && typeof runtime.update === 'function'
          ? (runtime as unknown as { update(url: string): Promise<boolean> })
          : null;
      if (hotUrl === null || hot === null || config.buildFailure !== null) {
        reloadForNewBuild();
        return;
      }
      updates = updates.then(async () => {
        if (reloading) return;
        // The page as React rendered it, so React's update lands on the text and attributes it
        // knows; Mason's window sends the preview edits again after 'ready'.
        restoreEditedElements();
        const applied = await hot.update(hotUrl).catch(() => false);
        if (!applied) {
          reloadForNewBuild();
          return;
        }
        shownBuildKey = buildKey;
        // Mason's window learns which version the page shows now, as after a load.
        post({ type: 'ready', url: cut(currentUrl(), 4096), versionIndex, versionId });
      });
    });
    window.addEventListener('pagehide', () => live.close());
  }

  if (!embedded) return;

  history.pushState = reportingHistoryMethod(nativePushState, 'push');
  history.replaceState = reportingHistoryMethod(nativeReplaceState, 'replace');
  window.addEventListener('popstate', () => reportUrl('pop'));
  window.addEventListener('hashchange', () => reportUrl('hash'));

  const levels: readonly ConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
  for (const level of levels) wrapConsole(level);

  window.addEventListener('message', (event) => {
    if (event.origin !== config.parentOrigin || event.source !== parentWindow) return;
    try {
      const command = readCommand(event.data);
      if (command !== null) runCommand(command);
    } catch {
      // A command that cannot run (a history call the browser refuses) changes nothing.
    }
  });

  post({
    type: 'ready',
    url: cut(currentUrl(), 4096),
    versionIndex: config.versionIndex,
    versionId: config.versionId,
  });
  if (refusedStorage.length > 0) {
    post({
      type: 'console',
      level: 'warn',
      text: `This browser blocks ${refusedStorage.join(' and ')} in a framed preview, so the app keeps it in memory here: it is lost on reload. Open the preview in a new tab to keep it.`,
    });
  }
  if (config.buildFailure !== null) {
    post({
      type: 'build-failed',
      diagnostics: config.buildFailure.map(({ severity, file, line, column, message }) => ({
        severity,
        file,
        line,
        column,
        message: cut(message),
      })),
    });
  }
}
