import { staticFiles, type Executor } from '@mason/server-db';
import { eq, sum } from 'drizzle-orm';
import { blobSizes } from './blobs';
import { latestVersionIn } from './version-store';

export interface ProjectSize {
  /** The files of the newest version, in bytes (two files with the same content count twice). */
  files: number;
  /** The files uploaded to attach to messages, in bytes. */
  uploads: number;
}

/** How much a project holds (PROJECT_MAX_BYTES bounds the two together). */
export async function projectSize(executor: Executor, projectId: string): Promise<ProjectSize> {
  const latest = await latestVersionIn(executor, projectId);
  const hashes = Object.values(latest?.manifest ?? {});
  const sizes = await blobSizes(executor, hashes);
  return {
    files: hashes.reduce((total, hash) => total + (sizes.get(hash) ?? 0), 0),
    uploads: await projectUploadsSize(executor, projectId),
  };
}

/**
 * The `uploads` part of projectSize alone, in one query: what a working tree over the newest
 * version needs for its limit (it counts the files itself), without reading every file's size.
 */
export async function projectUploadsSize(executor: Executor, projectId: string): Promise<number> {
  const [uploaded] = await executor
    .select({ bytes: sum(staticFiles.size) })
    .from(staticFiles)
    .where(eq(staticFiles.projectId, projectId));
  return Number(uploaded?.bytes ?? 0);
}
