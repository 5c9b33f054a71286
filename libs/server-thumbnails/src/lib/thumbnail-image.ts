import { PROJECT_THUMBNAIL_MAX_BYTES } from '@mason/contract';
import { RuleViolation } from '@mason/server-http';

/** A thumbnail's bytes and the type they are, read from the bytes themselves. */
export interface ThumbnailImage {
  readonly contentType: 'image/jpeg' | 'image/webp' | 'image/png';
  readonly bytes: Buffer;
}

const MAX_KB = Math.round(PROJECT_THUMBNAIL_MAX_BYTES / 1024);
const DATA_URL = /^data:(image\/(?:jpeg|webp|png));base64,([A-Za-z0-9+/]+={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const invalid = (message: string) => new RuleViolation('invalid', message, { image: message });

/** The kind of picture the bytes start as (their magic numbers), or null for anything else. */
export function sniffImageType(bytes: Buffer): ThumbnailImage['contentType'] | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * The picture in a thumbnail's data URL. Refused (invalid): not a base64 data URL of a JPEG,
 * WebP or PNG, bytes that are not the kind of picture the URL says, or more than
 * PROJECT_THUMBNAIL_MAX_BYTES.
 */
export function readThumbnailDataUrl(dataUrl: string): ThumbnailImage {
  const match = DATA_URL.exec(dataUrl);
  if (!match) throw invalid('Send the thumbnail as a base64 data URL of a JPEG, WebP or PNG.');
  const declared = match[1] as ThumbnailImage['contentType'];
  const bytes = Buffer.from(match[2] as string, 'base64');
  if (bytes.length > PROJECT_THUMBNAIL_MAX_BYTES)
    throw invalid(`The thumbnail is larger than ${MAX_KB} KB.`);
  const sniffed = sniffImageType(bytes);
  if (sniffed === null) throw invalid('The thumbnail is not a JPEG, WebP or PNG picture.');
  if (sniffed !== declared)
    throw invalid(`The thumbnail says it is ${declared}, but its bytes are ${sniffed}.`);
  return { contentType: sniffed, bytes };
}
