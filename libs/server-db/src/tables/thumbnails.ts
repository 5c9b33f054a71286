// Project thumbnails: a small picture of the app for the dashboard's project card.
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, updatedAt } from './columns';
import { projects, versions } from './projects';

/**
 * One thumbnail per project: the preview as the person saw it, captured inside the preview (by
 * its bridge) and sent by Mason's window. Deleting the project or the version deletes it.
 */
export const projectThumbnails = pgTable('project_thumbnails', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** The version the picture shows. */
  versionId: uuid('version_id')
    .notNull()
    .references(() => versions.id, { onDelete: 'cascade' }),
  /** image/jpeg, image/webp or image/png, read from the bytes. */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  updatedAt: updatedAt(),
});
export type ProjectThumbnailRow = typeof projectThumbnails.$inferSelect;
