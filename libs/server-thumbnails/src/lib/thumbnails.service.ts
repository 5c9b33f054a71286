import { isUuid, type Database } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { readThumbnailDataUrl } from './thumbnail-image';
import {
  findThumbnail,
  thumbnailVersionIndex,
  upsertThumbnail,
  versionIndexOf,
} from './thumbnails.repository';

const NOT_A_VERSION = 'This version is not one of the project’s.';

/** A thumbnail's bytes as the GET answers them. */
export interface ThumbnailFile {
  readonly versionId: string;
  readonly contentType: string;
  readonly content: Buffer;
  readonly updatedAt: Date;
}

/**
 * The project card's picture of the app: one per project, captured inside the preview (by its
 * bridge, so the server needs no browser) and sent by Mason's window. The routes check the
 * project is the caller's; this owns the rules: the picture must be a JPEG, WebP or PNG of at
 * most PROJECT_THUMBNAIL_MAX_BYTES (read from its bytes), of a version of the project, and a
 * picture of an older version than the stored one changes nothing (a slow tab cannot put an old
 * picture back).
 */
export class ThumbnailsService {
  constructor(private readonly db: Database) {}

  /** Stores the picture of `versionId`; answers the version the project's thumbnail shows. */
  async store(
    projectId: string,
    versionId: string,
    dataUrl: string,
  ): Promise<{ versionId: string }> {
    const image = readThumbnailDataUrl(dataUrl);
    const index = isUuid(versionId) ? await versionIndexOf(this.db, projectId, versionId) : null;
    if (index === null)
      throw new RuleViolation('invalid', NOT_A_VERSION, { versionId: NOT_A_VERSION });
    return this.db.transaction(async (tx) => {
      const storedIndex = await thumbnailVersionIndex(tx, projectId);
      if (storedIndex !== null && storedIndex > index) {
        const stored = await findThumbnail(tx, projectId);
        return { versionId: stored?.versionId ?? versionId };
      }
      await upsertThumbnail(tx, {
        projectId,
        versionId,
        contentType: image.contentType,
        size: image.bytes.length,
        content: image.bytes,
      });
      return { versionId };
    });
  }

  /** The project's thumbnail, or null when it has none yet. */
  async find(projectId: string): Promise<ThumbnailFile | null> {
    const row = await findThumbnail(this.db, projectId);
    return (
      row && {
        versionId: row.versionId,
        contentType: row.contentType,
        content: row.content,
        updatedAt: row.updatedAt,
      }
    );
  }
}
