import type { DatabaseHandle } from '@mason/server-db';
import type { CustomDomainsPort, DeployContext, PublicAppsDeps } from '@mason/server-deploy';
import { masonOrigins } from '@mason/server-http';
import { listEnvVariables } from '@mason/server-projects';
import { pauseForFailedDeployment } from '@mason/server-tasks';
import { viteEnv } from '@mason/server-workspace';
import type { AppContext } from '../app-context';
import type { AppData } from './app-data';
import { migrationsInFiles } from '@mason/server-app-data';

/** The app's `import.meta.env` in production: its `VITE_` variables (the others stay here). */
async function buildDefines(
  ctx: AppContext,
  apps: AppData,
  projectId: string,
): Promise<Record<string, string>> {
  return viteEnv(
    [
      ...(await listEnvVariables(ctx.db, ctx.secrets, projectId)),
      ...(await apps.service.envVariables(projectId, 'production')),
    ],
    'production',
  );
}

/** The publishing domain's context: the database, the tasks and the projects as narrow ports. */
export function deployContext(
  ctx: AppContext,
  database: DatabaseHandle,
  apps: AppData,
): DeployContext {
  const { config, taskLoop } = ctx;
  return {
    config: {
      appsDomain: config.appsDomain,
      appsProtocol: config.appsProtocol,
      worker: config.worker,
      buildConcurrency: 2,
    },
    database,
    db: ctx.db,
    log: ctx.log,
    tasks: {
      buildFailed: async (taskId, failure) => {
        await pauseForFailedDeployment(ctx.db, taskLoop.bus, taskId, failure);
      },
    },
    projects: {
      buildDefines: (projectId) => buildDefines(ctx, apps, projectId),
      migrateProduction: async (projectId, files, deploymentId) => {
        const migrations = migrationsInFiles(files);
        // A publish that migrates keeps the database as it was first (Restore in its history).
        if (await apps.service.hasPending(projectId, 'production', migrations))
          await apps.backups.beforePublish(projectId, deploymentId);
        return apps.service.migrate(projectId, 'production', migrations);
      },
    },
  };
}

/**
 * The public app host's ports: which hosts are Mason's own, and the custom domains (the project
 * an ACTIVE domain serves: server-domains' DomainsService).
 */
export function publicAppsDeps(
  ctx: AppContext,
  customDomains: CustomDomainsPort,
  apps: AppData,
): PublicAppsDeps {
  const { config } = ctx;
  const own = new Set(masonOrigins(config.publicUrl).map((origin) => new URL(origin).host));
  const previewSuffix = `.${config.previewDomain.toLowerCase()}`;
  return {
    config: {
      appsDomain: config.appsDomain,
      appsProtocol: config.appsProtocol,
      isMasonHost: (host) =>
        own.has(host) || host === config.previewDomain || host.endsWith(previewSuffix),
    },
    db: ctx.db,
    log: ctx.log,
    customDomains,
    appData: apps.mount('production'),
  };
}
