/** Multipart field names and limits of the two uploads (no zod here: clients import these at runtime). */
export const ASSET_UPLOAD_FIELD = 'file';
export const STATIC_FILES_UPLOAD_FIELD = 'files';
/** The most one asset (a file of the app's public/ folder) may hold. */
export const ASSET_MAX_BYTES = 10 * 1024 * 1024;
export const STATIC_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const STATIC_FILES_MAX_COUNT = 10;

/** The longest name an asset may have, its extension included (longer names are shortened). */
export const ASSET_NAME_MAX_LENGTH = 100;

/** What kind of file an asset is, for the words a screen uses and its thumbnail. */
export type AssetKind = 'image' | 'font' | 'audio' | 'video' | 'document' | 'data';

export interface AssetType {
  /** The media type the preview and published apps serve it as. */
  readonly contentType: string;
  readonly kind: AssetKind;
}

/**
 * The files a person may upload as assets, by extension (lower case, with the dot): images,
 * fonts, and a few other static files an app links to. The server decides a file's type from its
 * extension, never from what the browser claims, and serves it as the type named here. Anything
 * else (HTML, scripts, archives, programs) is refused with 415: code belongs in the source, where
 * the assistant writes it.
 */
export const ASSET_TYPES: Readonly<Record<string, AssetType>> = Object.freeze({
  '.png': { contentType: 'image/png', kind: 'image' },
  '.jpg': { contentType: 'image/jpeg', kind: 'image' },
  '.jpeg': { contentType: 'image/jpeg', kind: 'image' },
  '.gif': { contentType: 'image/gif', kind: 'image' },
  '.webp': { contentType: 'image/webp', kind: 'image' },
  '.avif': { contentType: 'image/avif', kind: 'image' },
  '.svg': { contentType: 'image/svg+xml', kind: 'image' },
  '.ico': { contentType: 'image/x-icon', kind: 'image' },
  '.woff': { contentType: 'font/woff', kind: 'font' },
  '.woff2': { contentType: 'font/woff2', kind: 'font' },
  '.ttf': { contentType: 'font/ttf', kind: 'font' },
  '.otf': { contentType: 'font/otf', kind: 'font' },
  '.mp3': { contentType: 'audio/mpeg', kind: 'audio' },
  '.wav': { contentType: 'audio/wav', kind: 'audio' },
  '.ogg': { contentType: 'audio/ogg', kind: 'audio' },
  '.mp4': { contentType: 'video/mp4', kind: 'video' },
  '.webm': { contentType: 'video/webm', kind: 'video' },
  '.pdf': { contentType: 'application/pdf', kind: 'document' },
  '.txt': { contentType: 'text/plain; charset=utf-8', kind: 'document' },
  '.csv': { contentType: 'text/csv; charset=utf-8', kind: 'data' },
  '.json': { contentType: 'application/json', kind: 'data' },
});

/** The `accept` of a file input for assets: every extension of ASSET_TYPES. */
export const ASSET_ACCEPT = Object.keys(ASSET_TYPES).join(',');
