import type { StaticFile } from '@mason/contract';
import { staticFiles } from '@mason/server-db';
import { formatBytes, RuleViolation } from '@mason/server-http';
import { projectSize, putBlobs } from '@mason/server-workspace';
import type { ProjectsContext } from './projects-context';

/** A file as it was received, its name cleaned and its media type checked. */
export interface ReceivedFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Uploads a person attaches to messages: kept as blobs, within the project's room. */
export class StaticFiles {
  constructor(private readonly ctx: Pick<ProjectsContext, 'db' | 'config'>) {}

  /** Stores the files, unless the project has no room left for them (too-large). */
  async store(projectId: string, userId: string, received: readonly ReceivedFile[]) {
    const { db, config } = this.ctx;
    const size = await projectSize(db, projectId);
    const adding = received.reduce((total, file) => total + file.bytes.length, 0);
    if (size.files + size.uploads + adding > config.projectMaxBytes) {
      throw new RuleViolation(
        'too-large',
        `This project is full: it holds ${formatBytes(size.files + size.uploads)} of files and uploads, and a project holds at most ${formatBytes(config.projectMaxBytes)}. Delete files it no longer needs, or attach smaller ones.`,
      );
    }
    const hashes = await putBlobs(
      db,
      received.map((file) => file.bytes),
    );
    const rows = await db
      .insert(staticFiles)
      .values(
        received.map((file, index) => ({
          projectId,
          userId,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.bytes.length,
          blobHash: hashes[index] as string,
        })),
      )
      .returning();
    return rows.map((row): StaticFile => ({
      id: row.id,
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
