import { act, screen, waitFor, within } from '@testing-library/react';
import { PREVIEW_BRIDGE_CHANNEL, type PreviewSelection } from '@mason/contract/preview';
import { errorHandler, mockEndpoint } from '@mason/api-client/testing';
import { PreviewSession, PreviewSessionProvider } from '@mason/preview-state';
import { renderWithProviders, setupApiServer } from '@mason/web-testing';
import { BUILD_DIAGNOSTICS } from '../../test-utils/console-fixtures';
import { PREVIEW_DEVICE_STORAGE_KEY } from '../preview-device/use-preview-device';
import { PREVIEW_SANDBOX, PREVIEW_SLOW_AFTER_MS } from '../preview-pane-view/preview-pane-view';
import { PreviewPane } from './preview-pane';

const server = setupApiServer();

const PREVIEW_ORIGIN = 'http://p-project-1.localhost:4200';
const PREVIEW_URL = `${PREVIEW_ORIGIN}/?mason_preview=test`;
const OLD_VERSION = {
  versionId: 'version-0',
  index: 0,
  previewUrl: 'http://p-project-1-v0.localhost:4200/?mason_preview=old',
};

beforeEach(() => localStorage.clear());
afterEach(() => jest.useRealTimers());

function renderPane(session = new PreviewSession()) {
  const view = renderWithProviders(
    <PreviewSessionProvider session={session}>
      <PreviewPane projectId="project-1" />
    </PreviewSessionProvider>,
  );
  return { ...view, session };
}

const findFrame = async () => (await screen.findByTitle('App preview')) as HTMLIFrameElement;

/** The bridge inside the frame posts to Mason's window (a window on another origin could too). */
function bridgeSays(
  frame: HTMLIFrameElement,
  body: Record<string, unknown>,
  {
    origin = PREVIEW_ORIGIN,
    source = frame.contentWindow,
  }: { origin?: string; source?: Window | null } = {},
) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: PREVIEW_BRIDGE_CHANNEL, ...body },
        origin,
        source,
      }),
    );
  });
}

const ready = (
  frame: HTMLIFrameElement,
  url = '/?mason_preview=test',
  versionIndex: number | null = 1,
) => bridgeSays(frame, { type: 'ready', url, versionIndex, versionId: null });

/** What Mason posts into the frame's window. */
function postsTo(frame: HTMLIFrameElement) {
  const frameWindow = frame.contentWindow;
  if (!frameWindow) throw new Error('The frame has no window.');
  return jest.spyOn(frameWindow, 'postMessage').mockImplementation(() => undefined);
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('PreviewPane', () => {
  it('asks for the preview URL and frames it, sandboxed, while it starts', async () => {
    renderPane();

    const frame = await findFrame();
    expect(frame).toHaveAttribute('src', PREVIEW_URL);
    expect(frame).toHaveAttribute('sandbox', PREVIEW_SANDBOX);
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('allow', 'clipboard-write');
    expect(screen.getByRole('status')).toHaveTextContent('Starting the preview…');

    ready(frame);
    expect(screen.queryByText('Starting the preview…')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('/');
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      PREVIEW_URL,
    );
  });

  it('ignores messages from another origin, another window or of another shape', async () => {
    const { session } = renderPane();
    const frame = await findFrame();

    ready(frame, '/', 1);
    bridgeSays(
      frame,
      { type: 'console', level: 'error', text: 'from elsewhere' },
      { origin: 'http://localhost' },
    );
    bridgeSays(
      frame,
      { type: 'console', level: 'error', text: 'from a popup' },
      { source: window },
    );
    bridgeSays(frame, { type: 'console', level: 'shout', text: 'not a level' });
    bridgeSays(frame, { type: 'console', level: 'error', text: 'from the preview' });

    expect(session.getState().console.map((entry) => entry.text)).toEqual(['from the preview']);
  });

  it('stays loading when `ready` comes from the wrong origin', async () => {
    renderPane();
    const frame = await findFrame();
    bridgeSays(
      frame,
      { type: 'ready', url: '/', versionIndex: 1, versionId: null },
      { origin: 'http://p-project-2.localhost:4200' },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Starting the preview…');
  });

  it('shows console messages with their level and counts the errors on the console button', async () => {
    const { user } = renderPane();
    const frame = await findFrame();
    ready(frame);

    bridgeSays(frame, { type: 'console', level: 'warn', text: 'Each child needs a key.' });
    expect(button(/^Console/)).not.toHaveTextContent(/error/);
    bridgeSays(frame, {
      type: 'error',
      kind: 'error',
      message: 'TypeError: todos is undefined',
      stack: 'at List (src/List.tsx:4:9)',
    });
    expect(button(/^Console/)).toHaveTextContent('1 error');

    await user.click(button(/^Console/));
    const messages = within(screen.getByRole('list', { name: 'Console messages' })).getAllByRole(
      'listitem',
    );
    expect(messages[0]).toHaveTextContent('Warning: Each child needs a key.');
    expect(messages[1]).toHaveTextContent('Uncaught error: TypeError: todos is undefined');
    expect(messages[1]).toHaveTextContent('at List (src/List.tsx:4:9)');
  });

  it('shows a failed build and asks the chat to fix it', async () => {
    const { user, session } = renderPane();
    const frame = await findFrame();

    bridgeSays(frame, { type: 'build-failed', diagnostics: BUILD_DIAGNOSTICS });

    const failure = screen.getByRole('region', { name: 'The app does not build' });
    const problems = within(failure).getAllByRole('listitem');
    expect(problems[0]).toHaveTextContent('src/App.tsx:3:7Cannot find name “toggle”.');
    expect(screen.queryByText('Starting the preview…')).not.toBeInTheDocument();
    expect(button(/^Console/)).toHaveTextContent('2 errors');

    await user.click(within(failure).getByRole('button', { name: 'Fix with AI' }));
    const [request] = session.getState().chatRequests;
    expect(request?.content).toMatch(/^The app does not build\. Fix these build errors:/);
    expect(request?.content).toContain('1. src/App.tsx:3:7: Cannot find name “toggle”.');
    expect(request?.content).toContain(
      '2. src/components/TodoList.tsx:21:1: Expected “}” but found end of file.',
    );

    // The next build works: the page starts again and the overlay goes.
    ready(frame);
    expect(
      screen.queryByRole('region', { name: 'The app does not build' }),
    ).not.toBeInTheDocument();
  });

  it('sends the console’s errors to the chat with "Fix with AI"', async () => {
    const { user, session } = renderPane();
    const frame = await findFrame();
    ready(frame);
    await user.click(button(/^Console/));
    const console = screen.getByRole('region', { name: 'Console' });
    expect(within(console).getByRole('button', { name: 'Fix with AI' })).toBeDisabled();

    bridgeSays(frame, {
      type: 'error',
      kind: 'unhandledrejection',
      message: 'Failed to fetch',
      stack: null,
    });
    await user.click(within(console).getByRole('button', { name: 'Fix with AI' }));

    expect(session.getState().chatRequests.map((request) => request.content)).toEqual([
      'Fix these errors from the preview:\n\n1. Uncaught error: Failed to fetch',
    ]);
  });

  it('goes back and forward through the pages the app showed', async () => {
    const { user } = renderPane();
    const frame = await findFrame();
    const posted = postsTo(frame);
    expect(button('Back')).toBeDisabled();
    ready(frame);
    bridgeSays(frame, { type: 'url', kind: 'push', url: '/todos?done=1' });

    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('/todos?done=1');
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      `${PREVIEW_ORIGIN}/todos?done=1&mason_preview=test`,
    );
    expect(button('Back')).toBeEnabled();
    expect(button('Forward')).toBeDisabled();

    await user.click(button('Back'));
    expect(posted).toHaveBeenLastCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'navigate', url: '/?mason_preview=test' },
      PREVIEW_ORIGIN,
    );
    expect(button('Back')).toBeDisabled();
    expect(button('Forward')).toBeEnabled();

    // The app reports the page Back opened: it is not a new page, Forward still leads on.
    bridgeSays(frame, { type: 'url', kind: 'push', url: '/?mason_preview=test' });
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('/');
    expect(button('Forward')).toBeEnabled();

    await user.click(button('Forward'));
    expect(posted).toHaveBeenLastCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'navigate', url: '/todos?done=1' },
      PREVIEW_ORIGIN,
    );
    expect(button('Forward')).toBeDisabled();
  });

  it('opens the page typed in the address bar', async () => {
    const { user } = renderPane();
    const frame = await findFrame();
    const posted = postsTo(frame);
    ready(frame);

    const address = screen.getByRole('textbox', { name: 'Page address' });
    await user.clear(address);
    await user.type(address, 'about{Enter}');
    expect(posted).toHaveBeenLastCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'navigate', url: '/about' },
      PREVIEW_ORIGIN,
    );

    await user.clear(address);
    await user.type(address, 'https://example.com/{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only pages of this app open in the preview.',
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
  });

  it('tells every page that starts about layout mode and the staged edits', async () => {
    const session = new PreviewSession();
    renderPane(session);
    const frame = await findFrame();
    const posted = postsTo(frame);

    ready(frame);
    expect(posted).toHaveBeenCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'layout-mode', enabled: false },
      PREVIEW_ORIGIN,
    );
    expect(posted).toHaveBeenCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'preview-edits', edits: [] },
      PREVIEW_ORIGIN,
    );

    act(() => session.setLayoutMode(true));
    expect(posted).toHaveBeenLastCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'layout-mode', enabled: true },
      PREVIEW_ORIGIN,
    );

    posted.mockClear();
    ready(frame); // the page reloaded (a new version)
    expect(posted).toHaveBeenCalledWith(
      { channel: PREVIEW_BRIDGE_CHANNEL, type: 'layout-mode', enabled: true },
      PREVIEW_ORIGIN,
    );
    expect(new Set(posted.mock.calls.map((call) => call[1]))).toEqual(new Set([PREVIEW_ORIGIN]));
  });

  it('hands picked elements and the version shown to the session', async () => {
    const session = new PreviewSession();
    renderPane(session);
    const frame = await findFrame();
    ready(frame, '/', 1);
    expect(session.getState().shownVersion).toEqual({ versionId: 'version-1', index: 1 });

    act(() => session.setLayoutMode(true));
    const selection: PreviewSelection = {
      componentName: 'TodoItem',
      filePath: 'src/components/TodoItem.tsx',
      line: 8,
      column: 5,
      filePart: 'src/components/TodoItem.tsx:8:5',
      page: '/',
      tagName: 'li',
      className: 'todo',
      textContent: 'Buy oat milk',
      style: {},
      instances: 3,
    };
    bridgeSays(frame, { type: 'selected', selection });
    expect(session.getState().attachedComponents).toEqual([selection]);
  });

  it('tells the session the page it shows, as the address field reads it, and none while another version starts', async () => {
    const session = new PreviewSession();
    renderPane(session);
    const frame = await findFrame();
    expect(session.getState().currentPage).toBeNull();

    ready(frame, '/?mason_preview=test');
    expect(session.getState().currentPage).toBe('/');
    bridgeSays(frame, { type: 'url', kind: 'push', url: '/todos?done=1&mason_preview=test#top' });
    expect(screen.getByRole('textbox', { name: 'Page address' })).toHaveValue('/todos?done=1#top');
    expect(session.getState().currentPage).toBe('/todos?done=1#top');

    act(() => session.viewVersion(OLD_VERSION));
    await findFrame();
    expect(session.getState().currentPage).toBeNull();
  });

  it('frames a phone-sized preview on Mobile and remembers the choice', async () => {
    const { user, unmount } = renderPane();
    const frame = await findFrame();
    expect(frame).toHaveStyle({ width: '100%' });

    await user.click(button('Mobile'));
    expect(button('Mobile')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Desktop')).toHaveAttribute('aria-pressed', 'false');
    expect(frame).toHaveStyle({ width: '390px' });
    expect(localStorage.getItem(PREVIEW_DEVICE_STORAGE_KEY)).toBe('MOBILE');

    unmount();
    renderPane();
    expect(await findFrame()).toHaveStyle({ width: '390px' });
    expect(button('Mobile')).toHaveAttribute('aria-pressed', 'true');
  });

  it('switching to a version frames its URL with a fresh history, and comes back to the newest', async () => {
    const session = new PreviewSession();
    const { user } = renderPane(session);
    const frame = await findFrame();
    ready(frame);
    bridgeSays(frame, { type: 'url', kind: 'push', url: '/todos' });
    expect(button('Back')).toBeEnabled();

    act(() => session.viewVersion(OLD_VERSION));
    const older = await findFrame();
    expect(older).toHaveAttribute('src', OLD_VERSION.previewUrl);
    expect(screen.getByText('Viewing version 0')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Starting the preview…');
    expect(button('Back')).toBeDisabled();

    // Its bridge speaks from its own origin; the newest version's origin is not heard any more.
    bridgeSays(
      older,
      { type: 'ready', url: '/', versionIndex: 0, versionId: null },
      { origin: PREVIEW_ORIGIN },
    );
    expect(screen.getByRole('status')).toHaveTextContent('Starting the preview…');
    bridgeSays(
      older,
      { type: 'ready', url: '/', versionIndex: 0, versionId: null },
      { origin: 'http://p-project-1-v0.localhost:4200' },
    );
    expect(screen.queryByText('Starting the preview…')).not.toBeInTheDocument();
    expect(session.getState().shownVersion).toEqual({ versionId: 'version-0', index: 0 });

    await user.click(button('Back to the newest'));
    expect(session.getState().viewedVersion).toBeNull();
    expect(await findFrame()).toHaveAttribute('src', PREVIEW_URL);
    expect(screen.queryByText('Viewing version 0')).not.toBeInTheDocument();
  });

  it('says when the preview is slow to start and reloads it', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const { user } = renderPane();
    const frame = await findFrame();

    act(() => jest.advanceTimersByTime(PREVIEW_SLOW_AFTER_MS));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The preview is taking longer than usual.',
    );

    await user.click(within(screen.getByRole('status')).getByRole('button', { name: 'Reload' }));
    expect(screen.getByRole('status')).toHaveTextContent('Starting the preview…');
    expect(frame).toHaveAttribute('src', PREVIEW_URL);
  });

  it('says when the preview cannot be loaded, and retries', async () => {
    server.use(errorHandler('getProjectPreview', 503, {}, { once: true }));
    const { user } = renderPane();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The preview could not be loaded.');
    expect(screen.queryByTitle('App preview')).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findFrame()).toHaveAttribute('src', PREVIEW_URL);
  });

  it('refuses to frame a preview on Mason’s own origin', async () => {
    server.use(
      mockEndpoint('getProjectPreview', {
        url: `${window.location.origin}/preview/?mason_preview=test`,
        origin: window.location.origin,
        versionIndex: 1,
        versionId: 'version-1',
        expiresAt: '2025-01-15T10:00:00.000Z',
        tailwind: true,
      }),
    );
    renderPane();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The preview cannot be shown safely.',
    );
    expect(screen.queryByTitle('App preview')).not.toBeInTheDocument();
    await waitFor(() => expect(button('Reload')).toBeDisabled());
  });

  it('says why it does not frame an app the preview cannot run', async () => {
    const reason =
      "The preview runs Vite + React apps: an index.html at the project's root that loads a module such as src/main.tsx. It has no index.html at its root, so it is not previewed.";
    server.use(
      mockEndpoint('getProjectPreview', {
        url: PREVIEW_URL,
        origin: new URL(PREVIEW_URL).origin,
        versionIndex: 0,
        versionId: 'version-0',
        expiresAt: '2025-01-15T10:00:00.000Z',
        tailwind: false,
        unsupportedReason: reason,
      }),
    );
    renderPane();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This project is not previewed.');
    expect(alert).toHaveTextContent(reason);
    expect(screen.queryByTitle('App preview')).not.toBeInTheDocument();
  });
});
