import { PROJECT_THUMBNAIL_MAX_BYTES } from '@mason/contract';
import { RuleViolation } from '@mason/server-http';
import { readThumbnailDataUrl, sniffImageType } from './thumbnail-image';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43, 0]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const WEBP = Buffer.concat([Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'), Buffer.alloc(8)]);
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('thumbnail pictures', () => {
  it.each([
    ['image/jpeg', JPEG],
    ['image/png', PNG],
    ['image/webp', WEBP],
  ] as const)('reads a %s from its bytes', (type, bytes) => {
    expect(sniffImageType(bytes)).toBe(type);
    expect(readThumbnailDataUrl(dataUrl(type, bytes))).toEqual({ contentType: type, bytes });
  });

  it.each([
    ['a URL that is not a data URL', 'https://example.com/a.jpg'],
    ['a GIF', dataUrl('image/gif', Buffer.from('GIF89a'))],
    ['text in a JPEG data URL', dataUrl('image/jpeg', Buffer.from('<svg onload=alert(1)>'))],
    ['a WebP said to be a PNG', dataUrl('image/png', WEBP)],
    [
      'a JPEG one byte over the limit',
      dataUrl('image/jpeg', Buffer.concat([JPEG, Buffer.alloc(PROJECT_THUMBNAIL_MAX_BYTES)])),
    ],
  ])('refuses %s as invalid', (_name, url) => {
    expect(() => readThumbnailDataUrl(url)).toThrow(RuleViolation);
  });
});
