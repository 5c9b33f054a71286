import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Executor } from '@mason/server-db';
import { readBlobs } from '@mason/server-workspace';

/** Bytes of built files (and their compressed forms) kept in memory across requests. */
const CACHE_BYTES = 64 * 1024 * 1024;
/** Smaller files are sent as they are: compressing them saves nothing worth the time. */
const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip' | 'identity';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json|wasm)|image\/svg)/;

/** Whether a media type is worth compressing (text, JSON, SVG; not images or fonts). */
export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** The best encoding the client accepts: Brotli, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  const allows = (name: string) =>
    accepted.some(
      (part) => part === name || (part.startsWith(`${name};`) && !/q=0(\.0*)?$/.test(part)),
    );
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * The contents of published files by blob hash, and their compressed forms, least recently used
 * first out. A hash names its content for ever, so nothing here is ever stale.
 */
export class AppFiles {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly db: Executor) {}

  /**
   * The file's bytes in `encoding` (compressed once, then kept) and the encoding they are in (a
   * small file stays as it is), or null when the blob is gone.
   */
  async read(
    hash: string,
    encoding: Encoding,
  ): Promise<{ body: Buffer; encoding: Encoding } | null> {
    const key = `${encoding}:${hash}`;
    const kept = this.take(key);
    if (kept) return { body: kept, encoding };
    let content = this.take(`identity:${hash}`);
    if (!content) {
      content = (await readBlobs(this.db, [hash])).get(hash) ?? null;
      if (!content) return null;
      this.keep(`identity:${hash}`, content);
    }
    if (encoding === 'identity' || content.length < MIN_COMPRESS_BYTES) {
      return { body: content, encoding: 'identity' };
    }
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          })
        : gzipSync(content, { level: 9 });
    this.keep(key, compressed);
    return { body: compressed, encoding };
  }

  private take(key: string): Buffer | null {
    const value = this.entries.get(key);
    if (!value) return null;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  private keep(key: string, value: Buffer): void {
    if (value.length > CACHE_BYTES / 4) return;
    this.entries.set(key, value);
    this.bytes += value.length;
    while (this.bytes > CACHE_BYTES) {
      const [oldest, content] = this.entries.entries().next().value as [string, Buffer];
      this.entries.delete(oldest);
      this.bytes -= content.length;
    }
  }
}
