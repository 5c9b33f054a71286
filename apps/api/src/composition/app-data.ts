import { JSON_BODY_LIMIT_BYTES } from '@mason/contract';
import {
  AppAuth,
  AppDataApi,
  AppDatabases,
  appDataRoutes,
  attachedDatabases,
  AUTH_BOOTSTRAP,
  DatabaseAttachments,
  DatabaseBrowserService,
  findAttachment,
  migrationsOfManifest,
  ProductionBackups,
  ProjectDatabaseService,
  TimeTravel,
  type AppDataMount,
  type AppDataTarget,
  type AppEnvironment,
  type AppJwtKeys,
} from '@mason/server-app-data';
import { appUrl, currentSlug } from '@mason/server-deploy';
import { SupabaseAccounts, supabaseManagement } from '@mason/server-supabase';
import { VersionStore } from '@mason/server-workspace';
import { previewUrl } from '@mason/server-preview';
import { projectChannel } from '@mason/server-tasks';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../app-context';

/** Apps that remember: their databases, sign-in and data API, and turning them on. */
export interface AppData {
  readonly databases: AppDatabases;
  readonly service: ProjectDatabaseService;
  /** Reverting the preview brings the development database back too. */
  readonly timeTravel: TimeTravel;
  /** The published app's database: a backup before each publish that migrates it, and Restore. */
  readonly backups: ProductionBackups;
  /** Attaching a database service (Supabase or PostgreSQL) to a project, and detaching it. */
  readonly attachments: DatabaseAttachments;
  /** People's Supabase accounts (OAuth), to attach a project of theirs by choosing it. */
  readonly supabaseAccounts: SupabaseAccounts;
  /** The workspace's Database view of each project's development database. */
  readonly browser: DatabaseBrowserService;
  /** The data API on an environment's app hosts (preview: development; published: production). */
  mount(environment: AppEnvironment): FastifyPluginAsync<AppDataMount>;
}

const withoutSlash = (url: string) => url.replace(/\/$/, '');

export function appData(ctx: AppContext): AppData {
  const { config } = ctx;
  const store = {
    db: ctx.db,
    box: ctx.secrets,
    connect: { allowLoopback: config.appData.attach.allowLoopback },
  };
  const databases = new AppDatabases({
    dataDir: config.appData.appDataDir,
    serverUrl: config.appData.appsDatabaseUrl,
    bootstrap: AUTH_BOOTSTRAP,
    attached: attachedDatabases(store),
  });
  const envChanged = (projectId: string) =>
    ctx.taskLoop.bus.publish(projectChannel(projectId), { type: 'env' });
  // Each project's environment signs with a key of its own, derived from the server key: a token
  // of one app (or of its preview) means nothing to another.
  const keysOf = ({ projectId, environment }: AppDataTarget): AppJwtKeys => ({
    secret: ctx.secrets.deriveKey(`app-jwt:${projectId}:${environment}`),
    issuer: 'mason',
    ref: `${projectId}:${environment}`,
  });
  const service = new ProjectDatabaseService({
    db: ctx.db,
    databases,
    keysOf,
    previewOrigin: (projectId) => withoutSlash(previewUrl(config, projectId)),
    publishedOrigin: async (projectId) => {
      const slug = await currentSlug(ctx.db, projectId);
      return slug ? withoutSlash(appUrl(config, slug)) : null;
    },
    envChanged,
    attachmentOf: (projectId) => findAttachment(store, projectId),
  });
  const api = new AppDataApi({
    databases,
    auth: new AppAuth(),
    keysOf,
    isEnabled: service.isServed,
    onUnexpectedError: (error) => ctx.log.error({ err: error }, 'The data API could not answer'),
  });
  const supabaseAccounts = new SupabaseAccounts({
    db: ctx.db,
    supabase: config.supabase ? supabaseManagement(config.supabase) : null,
    secrets: ctx.secrets,
    publicUrl: config.publicUrl,
  });
  const versions = new VersionStore(ctx.db);
  const timeTravel = new TimeTravel({
    db: ctx.db,
    databases,
    isEnabled: service.isEnabled,
    // An attached database's revert: the version's migrations and their undo files.
    migrationsOf: (manifest) =>
      migrationsOfManifest(manifest, (files, paths) => versions.readTextFiles(files, paths)),
  });
  return {
    databases,
    service,
    timeTravel,
    backups: new ProductionBackups({ db: ctx.db, databases, isEnabled: service.isEnabled }),
    attachments: new DatabaseAttachments({
      ...store,
      databases,
      supabaseHost: config.appData.attach.supabaseHost,
      envChanged,
      supabaseProject: (userId, ref) => supabaseAccounts.projectKeys(userId, ref),
    }),
    supabaseAccounts,
    browser: new DatabaseBrowserService({ databases, isEnabled: service.isEnabled }),
    mount:
      (environment) =>
      async (instance, { projectOf }) => {
        await instance.register(appDataRoutes, {
          api,
          environment,
          bodyLimit: JSON_BODY_LIMIT_BYTES,
          projectOf,
        });
      },
  };
}
