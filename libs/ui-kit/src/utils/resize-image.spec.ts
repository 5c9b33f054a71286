import { IMAGE_MAX_SIDE_PX } from '@mason/contract';
import { fitWithin, ImageResizeError, isResizableImage, resizeImageFile } from './resize-image';

describe('fitWithin', () => {
  it('keeps an image that already fits', () => {
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1568, 1568)).toEqual({ width: 1568, height: 1568 });
  });

  it('scales a wide image so its width is 1568 px, keeping the aspect ratio', () => {
    expect(IMAGE_MAX_SIDE_PX).toBe(1568);
    expect(fitWithin(3136, 1000)).toEqual({ width: 1568, height: 500 });
    expect(fitWithin(4000, 3000)).toEqual({ width: 1568, height: 1176 });
  });

  it('scales a tall image so its height is 1568 px', () => {
    expect(fitWithin(1000, 3136)).toEqual({ width: 500, height: 1568 });
    expect(fitWithin(1080, 1920)).toEqual({ width: 882, height: 1568 });
  });

  it('never lets a side exceed the limit or round down to nothing', () => {
    for (const [width, height] of [
      [1569, 1569],
      [10_000, 1],
      [1, 10_000],
      [4033, 3025],
      [1571, 1570],
    ] as const) {
      const size = fitWithin(width, height);
      expect(Math.max(size.width, size.height)).toBe(1568);
      expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(1);
      const ratio = width / height;
      // Rounding to whole pixels moves the ratio by at most a pixel's worth.
      expect(Math.abs(size.width / size.height - ratio)).toBeLessThanOrEqual(
        ratio / Math.min(size.width, size.height) + 1 / size.height,
      );
    }
  });

  it('takes another limit', () => {
    expect(fitWithin(400, 200, 100)).toEqual({ width: 100, height: 50 });
  });

  it('refuses sizes that are not an image', () => {
    expect(() => fitWithin(0, 10)).toThrow(RangeError);
    expect(() => fitWithin(10, Number.NaN)).toThrow(RangeError);
  });
});

describe('resizeImageFile', () => {
  it('accepts PNG, JPEG, GIF and WebP only', () => {
    expect(isResizableImage(new File([''], 'a.png', { type: 'image/png' }))).toBe(true);
    expect(isResizableImage(new File([''], 'a.webp', { type: 'image/webp' }))).toBe(true);
    expect(isResizableImage(new File([''], 'a.svg', { type: 'image/svg+xml' }))).toBe(false);
    expect(isResizableImage(new File([''], 'a.pdf', { type: 'application/pdf' }))).toBe(false);
  });

  it('says in words which file is not an image', async () => {
    const file = new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' });
    await expect(resizeImageFile(file)).rejects.toEqual(
      new ImageResizeError('unsupported-type', 'brief.pdf is not a PNG, JPEG, GIF or WebP image.'),
    );
  });
});
