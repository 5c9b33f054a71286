import { encodeGif } from './encode-gif';

/** width x height pixels of one colour. */
const filled = (width: number, height: number, [r, g, b, a]: readonly number[]) =>
  Uint8ClampedArray.from({ length: width * height * 4 }, (_, at) => [r, g, b, a][at % 4] ?? 0);

const text = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));
const uint16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);

/** The Graphic Control Extension's packed byte (its bit 0: a transparent colour), or null. */
function graphicControl(bytes: Uint8Array): number | null {
  for (let at = 13; at < bytes.length - 3; at += 1)
    if (bytes[at] === 0x21 && bytes[at + 1] === 0xf9 && bytes[at + 2] === 4)
      return bytes[at + 3] ?? null;
  return null;
}

describe('encodeGif', () => {
  it('makes a GIF of the size given, ending as a GIF ends', async () => {
    const bytes = await encodeGif(filled(40, 25, [200, 30, 90, 255]), 40, 25);
    expect(text(bytes, 0, 6)).toBe('GIF89a');
    expect([uint16(bytes, 6), uint16(bytes, 8)]).toEqual([40, 25]);
    expect(bytes[bytes.length - 1]).toBe(0x3b);
    // Opaque: no transparent colour.
    expect((graphicControl(bytes) ?? 0) & 1).toBe(0);
  });

  it('keeps transparent pixels transparent', async () => {
    const pixels = filled(10, 10, [0, 0, 0, 0]);
    pixels.set([255, 255, 255, 255], 0);
    const bytes = await encodeGif(pixels, 10, 10);
    expect(text(bytes, 0, 6)).toBe('GIF89a');
    expect((graphicControl(bytes) ?? 0) & 1).toBe(1);
  });

  it('refuses pixels that are not width x height', async () => {
    await expect(encodeGif(new Uint8ClampedArray(12), 2, 2)).rejects.toThrow(RangeError);
  });
});
