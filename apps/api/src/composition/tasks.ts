import type { TasksContext } from '@mason/server-tasks';
import type { AppContext } from '../app-context';
import { previewForReaders } from './preview';

/** The tasks domain's context: the loop, and the preview as a narrow port. */
export function tasksContext(ctx: AppContext): TasksContext {
  return {
    config: ctx.config,
    db: ctx.db,
    loop: ctx.taskLoop,
    links: ctx.links,
    streams: ctx.streams,
    secrets: ctx.secrets,
    blobs: ctx.blobs,
    preview: previewForReaders(ctx.config, ctx.db, ctx.links),
  };
}
