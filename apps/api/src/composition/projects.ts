import type { ProjectsContext } from '@mason/server-projects';
import type { AppContext } from '../app-context';
import type { AppData } from './app-data';
import { previewUrl, signedPreviewUrl } from '@mason/server-preview';
import { checkBudget, maxProjectsOf } from '@mason/server-billing';
import { appUrl } from '@mason/server-deploy';
import { projectChannel, toTask, type PreparedMessage } from '@mason/server-tasks';
import { DEFAULT_IMPORT_LIMITS, RepositoryImporter } from '@mason/server-code-hosting';
import { MAX_PROJECT_FILES } from '@mason/server-workspace';

/** The projects domain's context: the tasks and the preview it needs, as narrow ports. */
export function projectsContext(ctx: AppContext, apps: AppData): ProjectsContext {
  const { config, db, taskLoop } = ctx;
  return {
    config: { projectMaxBytes: config.projectMaxBytes },
    db,
    links: ctx.links,
    secrets: ctx.secrets,
    background: ctx.background,
    // Imports (EXTERNAL projects) within a project's own limits.
    repositories: new RepositoryImporter({
      limits: {
        ...DEFAULT_IMPORT_LIMITS,
        maxFiles: MAX_PROJECT_FILES,
        maxBytes: config.projectMaxBytes,
      },
      allowLoopback: config.gitImportAllowLoopback,
      db,
      github: ctx.github,
      secrets: ctx.secrets,
    }),
    preview: {
      envChanged: (projectId) => taskLoop.bus.publish(projectChannel(projectId), { type: 'env' }),
      url: (projectId) => previewUrl(config, projectId),
      signed: (session, projectId) => signedPreviewUrl(config, ctx.links, session, projectId),
      appUrl: (slug) => appUrl(config, slug),
    },
    tasks: {
      checkBudget: (userId) => checkBudget(db, config.billing, userId),
      maxProjects: (userId) => maxProjectsOf(db, config.billing, userId),
      // No static files: the project does not exist yet to own them.
      prepareFirstMessage: (input) => taskLoop.service.prepareMessage(db, null, input),
      createFirstTask: async (tx, prepared, values) => {
        const { task, turnId } = await taskLoop.service.createTask(
          tx,
          prepared as PreparedMessage,
          values,
        );
        return { task: toTask(task), turnId };
      },
      startTurn: (turnId) => taskLoop.service.wake(turnId),
      projectDeleted: (projectId, taskIds) => {
        for (const id of taskIds) {
          taskLoop.runner?.abortTask(id);
          taskLoop.cursors.forget(id);
        }
        // Its files, uploads and images go too, unless another project holds the same content.
        ctx.background.run('collect blobs', () => ctx.blobs.collect());
        // Its app's databases (both environments) and their snapshots.
        ctx.background.run('drop app databases', () => apps.databases.drop(projectId));
      },
    },
  };
}
