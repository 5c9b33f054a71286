// A preview's first paint: the app's page as it last rendered, served in the page's HTML so the
// next cold open paints before the app's JavaScript has run.
import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { ownerProjectId } from './projects';

/**
 * The markup the app rendered into its root element (sanitised: no scripts, no handlers) for a
 * build and a page of it, as the preview's bridge sent it once the page had settled. The preview
 * host writes it into that element of the next page it serves for the same build and path; the
 * app's first render replaces it. A cache of what the person's own code drew: the project's
 * newest few are kept, and deleting the project deletes them.
 */
export const previewFirstPaints = pgTable(
  'preview_first_paints',
  {
    projectId: ownerProjectId(),
    /** The build the markup came from (its files and the project's variables). */
    buildKey: text('build_key').notNull(),
    /** The page's path in the app ('/', '/about'). */
    path: text('path').notNull(),
    /** The id of the element the app renders into (index.html's `<div id="root">`). */
    containerId: text('container_id').notNull(),
    html: text('html').notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.buildKey, table.path] }),
    index('preview_first_paints_project_updated_idx').on(table.projectId, table.updatedAt),
  ],
);
export type PreviewFirstPaintRow = typeof previewFirstPaints.$inferSelect;
