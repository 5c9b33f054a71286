import { ASSET_FOLDER, type ImageMediaType } from '@mason/contract';
import { historyFromLogs, type PublicFile } from '@mason/server-agent';
import {
  blobs,
  envVariables,
  staticFiles,
  type Executor,
  type TaskLogRow,
  type VersionManifest,
} from '@mason/server-db';
import { blobSizes, readBlobs } from '@mason/server-workspace';
import { asc, eq } from 'drizzle-orm';
import type { StoredImage } from './image-links';
import { toTaskLog } from './task-mapping';

/** The task's log as the model's conversation (historyFromLogs), with its images and files. */
export function modelHistory(db: Executor, projectId: string, rows: readonly TaskLogRow[]) {
  // A message's images are stored by hash (image-links.ts): the model gets them from the blobs.
  const imageTypes = new Map<string, ImageMediaType>();
  const history = rows.map((row) => {
    const log = toTaskLog(row);
    if (log.type !== 'USER_MESSAGE') return log;
    const images = (log.payload.images as unknown as StoredImage[]).map(({ hash, mediaType }) => {
      imageTypes.set(hash, mediaType);
      return { mediaType, url: hash };
    });
    return { ...log, payload: { ...log.payload, images } };
  });
  return historyFromLogs(
    history,
    (hash) => loadImage(db, hash, imageTypes.get(hash) ?? 'image/png'),
    (id) => loadStaticFile(db, projectId, id),
  );
}

/** An attached image's bytes, for the model's history; null when the blob is gone. */
export async function loadImage(db: Executor, hash: string, mediaType: ImageMediaType) {
  const bytes = (await readBlobs(db, [hash])).get(hash);
  return bytes ? { mediaType, data: new Uint8Array(bytes) } : null;
}

/** An attached file's text, if it belongs to the project. */
export async function loadStaticFile(db: Executor, projectId: string, id: string) {
  const [row] = await db
    .select({
      fileName: staticFiles.fileName,
      projectId: staticFiles.projectId,
      content: blobs.content,
    })
    .from(staticFiles)
    .innerJoin(blobs, eq(blobs.hash, staticFiles.blobHash))
    .where(eq(staticFiles.id, id));
  if (!row || row.projectId !== projectId) return null;
  return { fileName: row.fileName, text: row.content.toString('utf8') };
}

/** The names of the project's environment variables, sorted: the model sees these, never a value. */
export async function loadEnvKeys(db: Executor, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ key: envVariables.key })
    .from(envVariables)
    .where(eq(envVariables.projectId, projectId))
    .orderBy(asc(envVariables.key));
  return rows.map((row) => row.key);
}

/** The files of a version's public/ folder (its assets) with their sizes, for the agent's prompt. */
export async function publicFilesOf(
  db: Executor,
  version: { manifest: VersionManifest } | null,
): Promise<PublicFile[]> {
  const manifest = version?.manifest ?? {};
  const paths = Object.keys(manifest).filter((path) => path.startsWith(`${ASSET_FOLDER}/`));
  const sizes = await blobSizes(
    db,
    paths.map((path) => manifest[path] as string),
  );
  return paths.map((path) => ({ path, size: sizes.get(manifest[path] as string) ?? 0 }));
}

/** A version's summary: the assistant's first line, without markdown, at most 120 characters. */
export function summaryOf(text: string, fallback: string): string {
  const line =
    (text || fallback)
      .replace(/[#*`_>]/g, '')
      .trim()
      .split(/\r?\n/)[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 117)}…` : line || 'Changes by the assistant';
}

/**
 * A short line for a tool call as it is asked, before its outcome is known: "Reading
 * src/App.tsx", "Writing src/App.tsx", … (the TOOL_RESULT says how it went, "Refused: …" when
 * the tool refused it).
 */
export function describeToolCall(toolName: string, input: Record<string, unknown>): string {
  const path = typeof input['path'] === 'string' ? input['path'].slice(0, 200) : '';
  switch (toolName) {
    case 'list_files':
      return 'Listing the files';
    case 'read_file':
      return `Reading ${path}`;
    case 'write_file':
      return `Writing ${path}`;
    case 'edit_file':
      return `Editing ${path}`;
    case 'delete_file':
      return `Deleting ${path}`;
    case 'search_files':
      return `Searching for "${String(input['query'] ?? '').slice(0, 200)}"`;
    case 'check_project':
      return 'Checking the build';
    case 'request_env_variable':
      return 'Asking for settings';
    case 'read_preview_errors':
      return 'Reading the preview’s errors';
    case 'enable_database':
      return 'Turning on the database';
    case 'read_database_schema':
      return 'Reading the database’s schema';
    case 'apply_migrations':
      return 'Applying the database migrations';
    default:
      return toolName.slice(0, 100);
  }
}
