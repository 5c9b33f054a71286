// gifenc ships no types: the reference brings its declaration into every program that compiles
// this file (the libraries and apps that use ui-kit from its source), not only ui-kit's own.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../types/gifenc.d.ts" />

/**
 * RGBA pixels (a canvas's getImageData) as a GIF of one frame: browsers' canvases cannot encode
 * GIF, so gifenc does it. Up to 256 colours, chosen for the picture; a picture with transparent
 * pixels keeps them transparent (one-bit alpha, as GIF has). gifenc is loaded on the first GIF.
 */
export async function encodeGif(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  if (rgba.length !== width * height * 4)
    throw new RangeError('The pixels are not width x height RGBA values.');
  const { GIFEncoder, applyPalette, quantize } = await import('gifenc');
  let seeThrough = false;
  for (let alpha = 3; alpha < rgba.length && !seeThrough; alpha += 4)
    seeThrough = (rgba[alpha] ?? 255) < 255;
  const format = seeThrough ? 'rgba4444' : 'rgb565';
  const palette = quantize(rgba, 256, seeThrough ? { format, oneBitAlpha: true } : { format });
  const index = applyPalette(rgba, palette, format);
  const transparentIndex = seeThrough ? palette.findIndex((color) => color[3] === 0) : -1;
  const gif = GIFEncoder();
  gif.writeFrame(index, width, height, {
    palette,
    ...(transparentIndex >= 0 && { transparent: true, transparentIndex }),
  });
  gif.finish();
  return gif.bytes();
}
