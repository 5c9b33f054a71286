import {
  EMPTY_URL_HISTORY,
  canGoBack,
  canGoForward,
  currentUrl,
  urlHistoryReducer,
  type UrlHistoryAction,
  type UrlHistoryState,
} from './url-history';

const run = (actions: UrlHistoryAction[], from: UrlHistoryState = EMPTY_URL_HISTORY) =>
  actions.reduce(urlHistoryReducer, from);
const visit = (
  url: string,
  kind: 'load' | 'push' | 'replace' | 'pop' | 'hash' = 'push',
): UrlHistoryAction => ({
  type: 'change',
  kind,
  url,
});
const back: UrlHistoryAction = { type: 'back' };
const forward: UrlHistoryAction = { type: 'forward' };

describe('urlHistoryReducer', () => {
  it('starts empty: no page, no way back or forward', () => {
    expect(currentUrl(EMPTY_URL_HISTORY)).toBeNull();
    expect(canGoBack(EMPTY_URL_HISTORY)).toBe(false);
    expect(canGoForward(EMPTY_URL_HISTORY)).toBe(false);
    expect(run([back, forward])).toEqual(EMPTY_URL_HISTORY);
  });

  it('records loads and pushes, skipping a repeat of the current page', () => {
    const state = run([
      visit('/', 'load'),
      visit('/todos'),
      visit('/todos'),
      visit('/todos', 'load'),
    ]);
    expect(state.entries).toEqual(['/', '/todos']);
    expect(currentUrl(state)).toBe('/todos');
    expect(canGoBack(state)).toBe(true);
    expect(canGoForward(state)).toBe(false);
  });

  it('replaces the current page, or records the first one', () => {
    expect(run([visit('/', 'replace')]).entries).toEqual(['/']);
    const state = run([visit('/', 'load'), visit('/login'), visit('/dashboard', 'replace')]);
    expect(state.entries).toEqual(['/', '/dashboard']);
    expect(state.index).toBe(1);
  });

  it('goes back and forward without recording the page it asked for', () => {
    const start = run([visit('/', 'load'), visit('/a'), visit('/b')]);
    const afterBack = run([back], start);
    expect(currentUrl(afterBack)).toBe('/a');
    expect(canGoForward(afterBack)).toBe(true);

    // The preview reports the page Back opened: the history stays as it is.
    const reported = run([visit('/a', 'push')], afterBack);
    expect(reported.entries).toEqual(['/', '/a', '/b']);
    expect(currentUrl(reported)).toBe('/a');

    const afterForward = run([forward, visit('/b', 'push')], reported);
    expect(afterForward.entries).toEqual(['/', '/a', '/b']);
    expect(currentUrl(afterForward)).toBe('/b');
    expect(canGoForward(afterForward)).toBe(false);
  });

  it('keeps its place when Back is pressed twice before the preview answers', () => {
    const state = run([
      visit('/', 'load'),
      visit('/a'),
      visit('/b'),
      back,
      back,
      visit('/a'),
      visit('/'),
    ]);
    expect(state.entries).toEqual(['/', '/a', '/b']);
    expect(currentUrl(state)).toBe('/');
    expect(state.expected).toEqual([]);
  });

  it('drops the forward pages when a new page is opened after going back', () => {
    const state = run([
      visit('/', 'load'),
      visit('/a'),
      visit('/b'),
      back,
      visit('/a'),
      visit('/c'),
    ]);
    expect(state.entries).toEqual(['/', '/a', '/c']);
    expect(canGoForward(state)).toBe(false);
  });

  it('follows the app’s own back and forward to a neighbour, and records any other page', () => {
    const start = run([visit('/', 'load'), visit('/a'), visit('/b')]);
    const popped = run([visit('/a', 'pop')], start);
    expect(popped.index).toBe(1);
    expect(popped.entries).toEqual(['/', '/a', '/b']);
    expect(run([visit('/b', 'pop')], popped).index).toBe(2);

    const hashed = run([visit('/a#top', 'hash')], popped);
    expect(hashed.entries).toEqual(['/', '/a', '/a#top']);
    expect(currentUrl(hashed)).toBe('/a#top');
  });
});
