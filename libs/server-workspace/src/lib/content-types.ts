import path from 'node:path';
import { ASSET_TYPES } from '@mason/contract';

/**
 * The media types of the files of an app's public/ folder, by extension: every kind of asset a
 * person may upload (the contract's ASSET_TYPES), and the text files the assistant may write there.
 */
const FILE_TYPES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries(ASSET_TYPES).map(([extension, type]) => [extension, type.contentType]),
  ),
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** The media type of a file of the public/ folder, or undefined when its extension is not one. */
export function fileTypeOf(filePath: string): string | undefined {
  return FILE_TYPES[path.posix.extname(filePath).toLowerCase()];
}

/** The media type a built or public file is served with (bytes when unknown). */
export function contentTypeOf(filePath: string): string {
  if (path.posix.extname(filePath).toLowerCase() === '.html') return 'text/html; charset=utf-8';
  return fileTypeOf(filePath) ?? 'application/octet-stream';
}
