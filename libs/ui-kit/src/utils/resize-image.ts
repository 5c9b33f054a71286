import {
  IMAGE_MAX_SIDE_PX,
  ImageMediaTypeSchema,
  type ImageAttachment,
  type ImageMediaType,
} from '@mason/contract';
import { encodeGif } from './encode-gif';
import { isAnimatedGif } from './gif-frames';

export interface Size {
  width: number;
  height: number;
}

/** A picked image made ready to send, and what the person should know about how it was changed. */
export interface PreparedImage {
  readonly image: ImageAttachment;
  /** Said beside the image when preparing it changed more than its size (null when not). */
  readonly note: string | null;
}

/** The note on an animated GIF that had to be scaled down: the browser decodes its first frame only. */
export const STILL_GIF_NOTE = `Sent as a still: a GIF scaled down to ${IMAGE_MAX_SIDE_PX} px keeps only its first frame.`;

/** The image types Mason sends to the model (PNG, JPEG, GIF, WebP). */
export const IMAGE_MEDIA_TYPES: readonly ImageMediaType[] = ImageMediaTypeSchema.options;

/** Why an image could not be prepared, in words for the person who picked it. */
export class ImageResizeError extends Error {
  constructor(
    readonly reason: 'unsupported-type' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'ImageResizeError';
  }
}

/**
 * The size an image of `width` x `height` gets so that neither side exceeds `max` (SPEC.md 5:
 * 1568 px), keeping its aspect ratio. An image that already fits keeps its size; sides never
 * round down to 0.
 */
export function fitWithin(width: number, height: number, max: number = IMAGE_MAX_SIDE_PX): Size {
  if (!(width > 0 && height > 0 && Number.isFinite(width) && Number.isFinite(height)))
    throw new RangeError('An image has a positive width and height.');
  if (!(max >= 1)) throw new RangeError('The largest side is at least 1 px.');
  const longest = Math.max(width, height);
  if (longest <= max) return { width, height };
  const scale = max / longest;
  return {
    width: Math.min(max, Math.max(1, Math.round(width * scale))),
    height: Math.min(max, Math.max(1, Math.round(height * scale))),
  };
}

/** True for files Mason can attach as images (by their type). */
export function isResizableImage(file: Blob): boolean {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type);
}

interface DecodedImage extends Size {
  source: CanvasImageSource;
  release: () => void;
}

async function decode(file: Blob): Promise<DecodedImage> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      width: bitmap.width,
      height: bitmap.height,
      source: bitmap,
      release: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  try {
    image.src = url;
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    width: image.naturalWidth,
    height: image.naturalHeight,
    source: image,
    release: () => URL.revokeObjectURL(url),
  };
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image.'))),
      type,
      0.92,
    );
  });
}

/** base64 of the bytes, without a data: prefix. */
function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let start = 0; start < bytes.length; start += chunk)
    binary += String.fromCharCode(...bytes.subarray(start, start + chunk));
  return btoa(binary);
}

const toBase64 = async (blob: Blob) => bytesToBase64(new Uint8Array(await blob.arrayBuffer()));

/** The canvas's picture in the file's type: GIF through encodeGif (canvases cannot make GIF). */
async function encodeCanvas(
  canvas: HTMLCanvasElement,
  context: CanvasRenderingContext2D,
  mediaType: ImageMediaType,
): Promise<ImageAttachment> {
  if (mediaType === 'image/gif') {
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    return {
      mediaType,
      content: bytesToBase64(await encodeGif(data, canvas.width, canvas.height)),
    };
  }
  const blob = await canvasToBlob(canvas, mediaType);
  // A browser that cannot encode the type (WebP in some) answers PNG.
  const encoded = isResizableImage(blob) ? (blob.type as ImageMediaType) : 'image/png';
  return { mediaType: encoded, content: await toBase64(blob) };
}

/**
 * Prepares an image file for a message or a new project (SPEC.md 5): decoded in the browser,
 * scaled down so neither side exceeds 1568 px, keeping its aspect ratio and its type, and
 * answered as base64. An image that already fits is sent as it is (no re-encoding). An oversized
 * GIF stays a GIF (re-encoded by encodeGif, as canvases cannot encode GIF), of its first frame:
 * the browser decodes an animated GIF's first frame only, so a resized animation no longer moves,
 * and its note says so. Rejects with an ImageResizeError whose message can be shown as it is.
 */
export async function resizeImageFile(
  file: File,
  max: number = IMAGE_MAX_SIDE_PX,
): Promise<PreparedImage> {
  const name = file.name || 'The image';
  if (!isResizableImage(file))
    throw new ImageResizeError(
      'unsupported-type',
      `${name} is not a PNG, JPEG, GIF or WebP image.`,
    );
  const mediaType = file.type as ImageMediaType;
  let image: DecodedImage;
  try {
    image = await decode(file);
  } catch {
    throw new ImageResizeError('unreadable', `${name} could not be read as an image.`);
  }
  try {
    const target = fitWithin(image.width, image.height, max);
    if (target.width === image.width && target.height === image.height)
      return { image: { mediaType, content: await toBase64(file) }, note: null };

    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas.');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image.source, 0, 0, target.width, target.height);
    const resized = await encodeCanvas(canvas, context, mediaType);
    const animated =
      mediaType === 'image/gif' && isAnimatedGif(new Uint8Array(await file.arrayBuffer()));
    return { image: resized, note: animated ? STILL_GIF_NOTE : null };
  } catch (error) {
    if (error instanceof ImageResizeError) throw error;
    throw new ImageResizeError('unreadable', `${name} could not be read as an image.`);
  } finally {
    image.release();
  }
}
