// Public API of @mason/server-deploy: name every export.
export { buildProduction, entryOfIndex } from './lib/build/production-build';
export type {
  BuiltFiles,
  ProductionBuild,
  ProductionBuildOptions,
  SourceFiles,
} from './lib/build/production-build';
export { appUrl } from './lib/deploy-context';
export type {
  AppsUrlConfig,
  CustomDomainsPort,
  DeployConfig,
  DeployContext,
  DeployProjectsPort,
  DeployTasksPort,
  ProductionMigration,
} from './lib/deploy-context';
export { deployPlugin } from './lib/deploy-plugin';
export { DeploymentsService } from './lib/deployments/deployments.service';
export { currentSlug, slugFromName } from './lib/slugs/app-slugs';
export { parseAppHost, registerPublicApps } from './lib/public-apps/public-apps';
export type { AppHost, PublicAppDataMount, PublicAppsDeps } from './lib/public-apps/public-apps';
