import { appPathOf, framableOrigin, pageUrlOf, readAddressInput } from './preview-address';

const PREVIEW_URL = 'http://p-project-1.localhost:4200/?mason_preview=token';
const PREVIEW_ORIGIN = 'http://p-project-1.localhost:4200';
const MASON = 'http://localhost:4200';

describe('framableOrigin', () => {
  it('answers the preview’s origin when it is the one the server named and not Mason’s', () => {
    expect(framableOrigin(PREVIEW_URL, PREVIEW_ORIGIN, MASON)).toBe(PREVIEW_ORIGIN);
    expect(framableOrigin(PREVIEW_URL, `${PREVIEW_ORIGIN}/`, MASON)).toBe(PREVIEW_ORIGIN);
  });

  it('refuses a preview on Mason’s own origin', () => {
    expect(framableOrigin(`${MASON}/preview/?mason_preview=token`, MASON, MASON)).toBeNull();
  });

  it('refuses an origin other than the named one, and addresses that are not web pages', () => {
    expect(framableOrigin(PREVIEW_URL, 'http://p-project-2.localhost:4200', MASON)).toBeNull();
    expect(framableOrigin('javascript:alert(1)', PREVIEW_ORIGIN, MASON)).toBeNull();
    expect(framableOrigin('not a url', PREVIEW_ORIGIN, MASON)).toBeNull();
  });
});

describe('appPathOf', () => {
  it('shows the app’s path without the access token', () => {
    expect(appPathOf('/?mason_preview=token', PREVIEW_URL)).toBe('/');
    expect(appPathOf('/todos?done=1&mason_preview=token#list', PREVIEW_URL)).toBe(
      '/todos?done=1#list',
    );
  });
});

describe('pageUrlOf', () => {
  it('opens a page of the app with the access token', () => {
    expect(pageUrlOf('/todos?done=1', PREVIEW_URL)).toBe(
      'http://p-project-1.localhost:4200/todos?done=1&mason_preview=token',
    );
    expect(pageUrlOf('/?mason_preview=token', PREVIEW_URL)).toBe(PREVIEW_URL);
  });
});

describe('readAddressInput', () => {
  it('opens paths, with or without their first slash', () => {
    expect(readAddressInput(' /todos ', PREVIEW_ORIGIN)).toEqual({ path: '/todos' });
    expect(readAddressInput('todos?done=1', PREVIEW_ORIGIN)).toEqual({ path: '/todos?done=1' });
    expect(readAddressInput('   ', PREVIEW_ORIGIN)).toBeNull();
  });

  it('opens a full address of the preview as its path, and refuses other sites', () => {
    expect(readAddressInput(`${PREVIEW_ORIGIN}/about#team`, PREVIEW_ORIGIN)).toEqual({
      path: '/about#team',
    });
    expect(readAddressInput('https://example.com/', PREVIEW_ORIGIN)).toEqual({
      problem: 'Only pages of this app open in the preview. Type a path such as /about.',
    });
  });
});
