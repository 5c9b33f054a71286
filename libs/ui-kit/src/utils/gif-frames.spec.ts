import { GIFEncoder, applyPalette, quantize } from 'gifenc';
import { encodeGif } from './encode-gif';
import { gifFrameCount, isAnimatedGif } from './gif-frames';

/** A GIF of `colours.length` frames, each one colour; frames after the first carry their own palette. */
function animation(colours: readonly (readonly [number, number, number])[], size = 8): Uint8Array {
  const gif = GIFEncoder();
  for (const [r, g, b] of colours) {
    const rgba = Uint8ClampedArray.from(
      { length: size * size * 4 },
      (_, at) => [r, g, b, 255][at % 4] ?? 0,
    );
    const palette = quantize(rgba, 16);
    gif.writeFrame(applyPalette(rgba, palette), size, size, { palette, delay: 100 });
  }
  gif.finish();
  return gif.bytes();
}

const red = [220, 20, 60] as const;
const teal = [0, 128, 128] as const;
const gold = [250, 200, 0] as const;

describe('isAnimatedGif', () => {
  it('counts every frame of an animation, each with its own colour table', () => {
    const bytes = animation([red, teal, gold]);
    expect(gifFrameCount(bytes)).toBe(3);
    expect(isAnimatedGif(bytes)).toBe(true);
  });

  it('finds one frame in a still GIF, as Mason encodes them', async () => {
    const still = await encodeGif(new Uint8ClampedArray(10 * 10 * 4).fill(255), 10, 10);
    expect(gifFrameCount(still)).toBe(1);
    expect(isAnimatedGif(still)).toBe(false);
    expect(isAnimatedGif(animation([red]))).toBe(false);
  });

  it('counts only whole frames of a file cut short, and nothing in a file that is not a GIF', () => {
    const bytes = animation([red, teal, gold], 64);
    expect(gifFrameCount(bytes.subarray(0, Math.floor(bytes.length / 2)))).toBe(1);
    expect(gifFrameCount(new TextEncoder().encode('\u0089PNG\r\n\u001a\n not a gif'))).toBe(0);
    expect(gifFrameCount(new Uint8Array())).toBe(0);
  });
});
