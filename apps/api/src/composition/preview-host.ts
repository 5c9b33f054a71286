import type { PreviewHostDeps } from '@mason/server-preview';
import type { AppContext } from '../app-context';
import type { AppData } from './app-data';
import { projectChannel } from '@mason/server-tasks';
import { listEnvVariables } from '@mason/server-projects';

/** The narrow ports the preview host gets from the app (no AppContext crosses into it). */
export function previewHostDeps(ctx: AppContext, apps: AppData): PreviewHostDeps {
  const { config, db, taskLoop } = ctx;
  return {
    config: {
      publicUrl: config.publicUrl,
      previewDomain: config.previewDomain,
      previewProtocol: config.previewProtocol,
    },
    db,
    links: ctx.links,
    streams: ctx.streams,
    log: ctx.log,
    watchProject: (projectId, listener) =>
      taskLoop.bus.subscribe(projectChannel(projectId), (event) => {
        if (event.type === 'version')
          listener({ type: 'version', versionId: event.versionId, index: event.index });
        else if (event.type === 'env') listener({ type: 'env' });
        else if (event.type === 'files') listener({ type: 'files', changes: event.changes });
        else if (event.type === 'files-settled') listener({ type: 'settled' });
      }),
    // The person's variables, then the database's (Mason's own: they win over a stale copy).
    envVariables: async (projectId) => [
      ...(await listEnvVariables(db, ctx.secrets, projectId)),
      ...(await apps.service.envVariables(projectId, 'development')),
    ],
    appData: apps.mount('development'),
    repair: (taskId, request) => taskLoop.service.repairFromPreview(taskId, request),
  };
}
