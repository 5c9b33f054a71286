/**
 * Whether a GIF file holds more than one frame (an animation), found by walking its blocks as
 * GIF89a lays them out: the header, the screen descriptor and its colour table, then extensions
 * and images, each image's data in sub-blocks, up to the trailer. Only lengths are read, so a
 * large file costs no more memory than its bytes (a parser such as gifuct-js's parseGIF keeps
 * every data byte as a number). A file that is not a well-formed GIF counts the frames it holds
 * before the damage.
 */
export function isAnimatedGif(bytes: Uint8Array): boolean {
  return gifFrameCount(bytes, 2) > 1;
}

/** The number of images in a GIF, counted up to `enough` (all of them by default). */
export function gifFrameCount(bytes: Uint8Array, enough = Number.POSITIVE_INFINITY): number {
  const signature = String.fromCharCode(...bytes.subarray(0, 6));
  if (signature !== 'GIF87a' && signature !== 'GIF89a') return 0;
  /** The size of a colour table a packed field announces (0 when it has none). */
  const colourTable = (packed: number) => ((packed & 0x80) !== 0 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  /** Skips data sub-blocks (a length byte, then that many bytes) up to the empty one. */
  const skipSubBlocks = (from: number) => {
    let at = from;
    while (at < bytes.length) {
      const length = bytes[at] ?? 0;
      at += 1 + length;
      if (length === 0) return at;
    }
    return Number.POSITIVE_INFINITY;
  };

  let at = 13 + colourTable(bytes[10] ?? 0);
  let frames = 0;
  while (at < bytes.length && frames < enough) {
    const introducer = bytes[at];
    if (introducer === 0x21) {
      // An extension: its label, then its sub-blocks.
      at = skipSubBlocks(at + 2);
    } else if (introducer === 0x2c) {
      // An image: its descriptor (9 bytes), its own colour table, the LZW code size, its data.
      if (at + 10 > bytes.length) break;
      at = skipSubBlocks(at + 10 + colourTable(bytes[at + 9] ?? 0) + 1);
      if (at > bytes.length) break;
      frames += 1;
    } else {
      // The trailer (0x3b), or bytes that are not a GIF block.
      break;
    }
  }
  return frames;
}
