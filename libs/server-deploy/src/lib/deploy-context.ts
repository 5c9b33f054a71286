import type { SourceFiles } from './build/production-build';
import type { Database, DatabaseHandle } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';

/** Where published apps are served: `{appsProtocol}//{slug}.{appsDomain}/`. */
export interface AppsUrlConfig {
  /** APPS_DOMAIN: `apps.localhost:{port}` by default, a wildcard DNS name in production. */
  readonly appsDomain: string;
  readonly appsProtocol: 'http:' | 'https:';
}

export interface DeployConfig extends AppsUrlConfig {
  /** Whether this process builds deployments (WORKER); every process serves them. */
  readonly worker: boolean;
  /** Builds this process runs at once. */
  readonly buildConcurrency: number;
}

/** A publish of a version a task made failed to build (apps/api wires it to server-tasks). */
export interface DeployTasksPort {
  buildFailed(
    taskId: string,
    failure: {
      versionIndex: number;
      errors: readonly string[];
      /** What stopped it: the build (default), or a migration of the production database. */
      stage?: 'build' | 'migration';
    },
  ): Promise<void>;
}

/** What a production build of a project reads besides its files (apps/api wires it). */
export interface DeployProjectsPort {
  /** The app's compile-time constants: its `VITE_` variables as esbuild `define`s. */
  buildDefines(projectId: string): Promise<Record<string, string>>;
  /**
   * Applies the version's database migrations (its `db/migrations/*.sql` files) to the project's
   * production database, in one transaction, once its build has succeeded and before it goes
   * live; a failure leaves the production database as it was. `deploymentId` is the publish
   * (a backup taken before it migrates is that publish's). Absent: apps have no database.
   */
  migrateProduction?(
    projectId: string,
    files: SourceFiles,
    deploymentId: string,
  ): Promise<ProductionMigration>;
}

/** What applying a version's migrations to production did. */
export type ProductionMigration =
  | { readonly ok: true; readonly applied: readonly string[] }
  | {
      readonly ok: false;
      /** 'db/migrations/002_tags.sql' */
      readonly file: string;
      readonly line: number | null;
      readonly message: string;
    };

/** Custom domains (server-domains): the project a verified domain serves, or null. */
export interface CustomDomainsPort {
  projectFor(host: string): Promise<string | null>;
}

/** The publishing domain's context: the database, its configuration and narrow ports. */
export interface DeployContext {
  readonly config: DeployConfig;
  readonly database: DatabaseHandle;
  readonly db: Database;
  readonly log: FastifyBaseLogger;
  readonly tasks: DeployTasksPort;
  readonly projects: DeployProjectsPort;
}

/** The public address of an app by its slug. */
export function appUrl(config: AppsUrlConfig, slug: string): string {
  return `${config.appsProtocol}//${slug}.${config.appsDomain}/`;
}
