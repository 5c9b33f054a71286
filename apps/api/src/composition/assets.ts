import type { AssetsContext } from '@mason/server-assets';
import { ProjectFileEdits } from '@mason/server-tasks';
import type { AppContext } from '../app-context';
import { previewForTasks } from './preview';

/** The assets domain's context: its versions are server-tasks' file edits outside turns. */
export function assetsContext(ctx: AppContext): AssetsContext {
  const { config, db, taskLoop } = ctx;
  return {
    config: { projectMaxBytes: config.projectMaxBytes },
    db,
    links: ctx.links,
    versions: new ProjectFileEdits({
      db,
      bus: taskLoop.bus,
      versions: taskLoop.versions,
      preview: previewForTasks(config, db),
    }),
  };
}
