import { createHash } from 'node:crypto';
import { blobs, type Executor } from '@mason/server-db';
import { inArray } from 'drizzle-orm';

/** Rows per insert or lookup: keeps every statement far below PostgreSQL's parameter limit. */
const CHUNK = 500;

function toBuffer(content: string | Uint8Array): Buffer {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  return Buffer.isBuffer(content) ? content : Buffer.from(content);
}

/** The blob key of some content: the sha256 of its bytes (utf8 for strings), in hex. */
export function hashContent(content: string | Uint8Array): string {
  return createHash('sha256').update(toBuffer(content)).digest('hex');
}

/**
 * Stores contents as blobs (a content already stored is left as it is) and answers their hashes,
 * in the order given.
 */
export async function putBlobs(
  executor: Executor,
  contents: readonly (string | Uint8Array)[],
): Promise<string[]> {
  const hashes: string[] = [];
  const rows = new Map<string, Buffer>();
  for (const content of contents) {
    const bytes = toBuffer(content);
    const hash = hashContent(bytes);
    hashes.push(hash);
    rows.set(hash, bytes);
  }
  const values = [...rows].map(([hash, content]) => ({ hash, content, size: content.length }));
  for (let start = 0; start < values.length; start += CHUNK) {
    await executor
      .insert(blobs)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoNothing({ target: blobs.hash });
  }
  return hashes;
}

/** The contents of these blobs, by hash. A hash that is not stored is absent from the map. */
export async function readBlobs(
  executor: Executor,
  hashes: Iterable<string>,
): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(hashes)];
  const found = new Map<string, Buffer>();
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const rows = await executor
      .select({ hash: blobs.hash, content: blobs.content })
      .from(blobs)
      .where(inArray(blobs.hash, wanted.slice(start, start + CHUNK)));
    for (const row of rows) found.set(row.hash, row.content);
  }
  return found;
}
