/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://p-demo.localhost:4200/"}
 */
import { createThumbnailCapture, LIVE_QUIET_MS } from './thumbnail-capture';

// jsdom draws nothing: the picture is made here (the real renderer runs in Chromium, in the
// end-to-end test of thumbnails).
const render = async () => 'data:image/webp;base64,UklGRg==';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the bridge's thumbnail capture", () => {
  it('waits until the live stream has been quiet, then pictures the newest version asked', async () => {
    const post = jest.fn();
    const thumbnail = createThumbnailCapture(post, render);
    thumbnail.liveActivity();
    thumbnail.capture('v-1');
    await sleep(LIVE_QUIET_MS / 2);
    // The assistant writes again, and its version is asked for too.
    thumbnail.liveActivity();
    const lastLive = Date.now();
    thumbnail.capture('v-2');
    await sleep(LIVE_QUIET_MS * 0.75);
    expect(post).not.toHaveBeenCalled();

    const deadline = Date.now() + LIVE_QUIET_MS * 3;
    while (post.mock.calls.length === 0 && Date.now() < deadline) await sleep(50);
    expect(Date.now() - lastLive).toBeGreaterThanOrEqual(LIVE_QUIET_MS);
    expect(post.mock.calls).toEqual([
      [{ type: 'thumbnail', versionId: 'v-2', image: 'data:image/webp;base64,UklGRg==' }],
    ]);
    await sleep(LIVE_QUIET_MS);
    expect(post).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('pictures a settled page that gets no live updates', async () => {
    const post = jest.fn();
    createThumbnailCapture(post, render).capture('v-1');
    const deadline = Date.now() + LIVE_QUIET_MS * 2;
    while (post.mock.calls.length === 0 && Date.now() < deadline) await sleep(50);
    expect(post).toHaveBeenCalledWith(expect.objectContaining({ versionId: 'v-1' }));
  }, 20_000);
});
