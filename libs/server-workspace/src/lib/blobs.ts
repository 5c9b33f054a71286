import { createHash } from 'node:crypto';
import { blobs, type Executor } from '@mason/server-db';
import { inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';

/** Rows per insert or lookup: keeps every statement far below PostgreSQL's parameter limit. */
const CHUNK = 500;

/** The most bytes of blob contents kept in memory (readKeptBlobs), least recently used first out. */
const KEPT_BLOB_BYTES = 32 * 1024 * 1024;

/**
 * Contents of stored blobs, by hash, kept across reads: a turn reads its version's files, and the
 * next turn mostly the same ones (or the ones the turn stored). A hash names its content, so a
 * kept content is never stale.
 */
const keptContents = new LRUCache<string, Buffer>({
  maxSize: KEPT_BLOB_BYTES,
  sizeCalculation: (content) => Math.max(1, content.length),
});

function toBuffer(content: string | Uint8Array): Buffer {
  if (typeof content === 'string') return Buffer.from(content, 'utf8');
  return Buffer.isBuffer(content) ? content : Buffer.from(content);
}

/** The blob key of some content: the sha256 of its bytes (utf8 for strings), in hex. */
export function hashContent(content: string | Uint8Array): string {
  return createHash('sha256').update(toBuffer(content)).digest('hex');
}

/**
 * Stores contents as blobs and answers their hashes, in the order given. A content already stored
 * is only marked as written now (its bytes are not sent again), so collectBlobs leaves it alone
 * while whatever wrote it goes on to reference it: the mark comes first, in one statement, so a
 * blob the collector removed just before is simply stored again.
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
  const wanted = [...rows.keys()];
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const touched = await executor
      .update(blobs)
      .set({ touchedAt: sql`now()` })
      .where(inArray(blobs.hash, wanted.slice(start, start + CHUNK)))
      .returning({ hash: blobs.hash });
    for (const { hash } of touched) rows.delete(hash);
  }
  const values = [...rows].map(([hash, content]) => ({ hash, content, size: content.length }));
  // What a turn stores is what the next one reads.
  for (const { hash, content } of values) keptContents.set(hash, content);
  for (let start = 0; start < values.length; start += CHUNK) {
    await executor
      .insert(blobs)
      .values(values.slice(start, start + CHUNK))
      .onConflictDoUpdate({ target: blobs.hash, set: { touchedAt: sql`now()` } });
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

/**
 * readBlobs for blobs that stay stored while they are read (a stored version's files): contents
 * kept in memory come from there, the others are read and kept.
 */
export function readKeptBlobs(
  executor: Executor,
  hashes: Iterable<string>,
): Promise<Map<string, Buffer>> {
  return throughKept(
    hashes,
    (content) => content,
    async (missing) => {
      const read = await readBlobs(executor, missing);
      for (const [hash, content] of read) keptContents.set(hash, content);
      return read;
    },
  );
}

/** blobSizes for blobs that stay stored: the sizes of kept contents are not read again. */
export function keptBlobSizes(
  executor: Executor,
  hashes: Iterable<string>,
): Promise<Map<string, number>> {
  return throughKept(
    hashes,
    (content) => content.length,
    (missing) => blobSizes(executor, missing),
  );
}

/** What `fromKept` tells of the kept contents among `hashes`, and what `read` answers for the rest. */
async function throughKept<T>(
  hashes: Iterable<string>,
  fromKept: (content: Buffer) => T,
  read: (missing: string[]) => Promise<Map<string, T>>,
): Promise<Map<string, T>> {
  const found = new Map<string, T>();
  const missing: string[] = [];
  for (const hash of new Set(hashes)) {
    const content = keptContents.get(hash);
    if (content) found.set(hash, fromKept(content));
    else missing.push(hash);
  }
  for (const [hash, value] of await read(missing)) found.set(hash, value);
  return found;
}

/** The sizes of these blobs in bytes, by hash, without reading their contents. */
export async function blobSizes(
  executor: Executor,
  hashes: Iterable<string>,
): Promise<Map<string, number>> {
  const wanted = [...new Set(hashes)];
  const found = new Map<string, number>();
  for (let start = 0; start < wanted.length; start += CHUNK) {
    const rows = await executor
      .select({ hash: blobs.hash, size: blobs.size })
      .from(blobs)
      .where(inArray(blobs.hash, wanted.slice(start, start + CHUNK)));
    for (const row of rows) found.set(row.hash, row.size);
  }
  return found;
}

/**
 * Deletes the blobs that nothing references any more (no version's files, no uploaded file or
 * asset, no published build's file, no message's image) and that were last written before `writtenBefore`: what a deleted project
 * leaves behind. The grace keeps a blob that was just written for a version or a message still
 * being saved. Answers how many blobs were deleted.
 */
export async function collectBlobs(executor: Executor, writtenBefore: Date): Promise<number> {
  const result = await executor.execute(sql`
    with referenced as (
      select manifest.value as hash
        from versions cross join lateral jsonb_each_text(versions.manifest) as manifest
      union
      select blob_hash from static_files
      union
      select blob_hash from assets
      union
      select built.value
        from deployments cross join lateral jsonb_each_text(
          coalesce(deployments.manifest, '{}'::jsonb)
        ) as built
      union
      select image->>'hash'
        from task_logs cross join lateral jsonb_array_elements(
          case when jsonb_typeof(task_logs.payload->'images') = 'array'
            then task_logs.payload->'images' else '[]'::jsonb end
        ) as image
        where task_logs.type = 'USER_MESSAGE'
    )
    delete from blobs
      where blobs.touched_at < ${writtenBefore.toISOString()}::timestamptz
        and not exists (select 1 from referenced where referenced.hash = blobs.hash)
      returning blobs.hash`);
  return rowCount(result);
}

/** The rows a statement returned, from either driver's result (pg's QueryResult, PGlite's Results). */
function rowCount(result: unknown): number {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows.length : 0;
}
