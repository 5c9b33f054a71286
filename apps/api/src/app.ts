import { API_PREFIX, ApiRoutes, JSON_BODY_LIMIT_BYTES, loadEnglishMessages } from '@mason/contract';
import { createDatabase, type DatabaseHandle } from '@mason/server-db';
import Fastify, { type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import {
  authenticate,
  authRoutes,
  createGoogleVerifier,
  forgetSessions,
  mayLogMailLinks,
  onSessionsRevoked,
  OutboxMailer,
  outboxRoutes,
  RateLimiter,
  SessionLinks,
  SmtpMailer,
  type Mailer,
  waitlistRoutes,
} from '@mason/server-auth';
import type { AppConfig } from '@mason/server-config';
import { configRoutes } from './config/config.routes';
import {
  BackgroundTasks,
  clientErrorHandler,
  DOCS_PATH,
  EventStreams,
  frameworkErrors,
  OPENAPI_JSON_PATH,
  registerCallTable,
  registerEarlyNotFound,
  registerErrorHandler,
  registerJsonParser,
  registerOpenApi,
  registerSecurityHeaders,
  requestLogSerializers,
} from '@mason/server-http';
import { billingRoutes } from '@mason/server-billing';
import { billingService } from './composition/billing';
import { projectsPlugin } from '@mason/server-projects';
import { projectsContext } from './composition/projects';
import { assetsRoutes } from '@mason/server-assets';
import { assetsContext } from './composition/assets';
import { thumbnailsRoutes } from '@mason/server-thumbnails';
import {
  codeHostingRoutes,
  createGithubClient,
  projectRepositoriesRoutes,
} from '@mason/server-code-hosting';
import { domainsRoutes } from '@mason/server-domains';
import {
  codeHostingService,
  projectRepositories,
  pushNewVersions,
} from './composition/code-hosting';
import { domainsRoutesContext, domainsService } from './composition/domains';
import {
  BlobCollector,
  createTaskLoop,
  SESSIONS_CHANNEL,
  tasksPlugin,
  type TaskLoopOptions,
} from '@mason/server-tasks';
import { SecretBox } from '@mason/server-projects';
import { tasksContext } from './composition/tasks';
import { previewForTasks } from './composition/preview';
import { benchRoutes } from './preview/bench.routes';
import { parsePreviewHost, registerPreviewHost } from '@mason/server-preview';
import { previewHostDeps } from './composition/preview-host';
import { agentDatabase } from './composition/agent-database';
import { appData } from './composition/app-data';
import {
  databaseBrowserRoutes,
  databaseAttachmentsRoutes,
  productionBackupsRoutes,
  projectDatabaseRoutes,
} from '@mason/server-app-data';
import { deployPlugin, DeploymentsService, registerPublicApps } from '@mason/server-deploy';
import { supabaseRoutes } from '@mason/server-supabase';
import { mcpRoutes } from '@mason/server-mcp';
import { mcpForTurns, mcpServers } from './composition/mcp';
import { hasOpenRouterConnection, openRouterRoutes } from '@mason/server-open-router';
import { openRouterAccounts } from './composition/open-router';
import { deployContext, publicAppsDeps } from './composition/deploy';
import { registerWebApp } from '@mason/server-web';

// The contract's schemas (zod/mini) word the issues they give no message of their own in English.
loadEnglishMessages();

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the work started after answers (e-mails, blob collection) is done. */
    idle(): Promise<void>;
  }
}

export interface BuildAppOptions {
  /** An open database to use (the caller closes it); by default the app opens config.database and closes it on close(). */
  database?: DatabaseHandle;
  /** Replaces the mailer chosen from the configuration. */
  mailer?: Mailer;
  /** Fastify's logger option (default: pino at config.logLevel). */
  logger?: FastifyServerOptions['logger'];
  /** Options of the task loop (e.g. a model registry for tests). */
  taskLoop?: TaskLoopOptions;
  /** More routes under /api, registered after Mason's own (the security tests plant routes). */
  routes?: FastifyPluginAsync;
}

/** Mason's HTTP server: the API under /api, its OpenAPI document, and the built web app. Call listen() or inject(). */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}) {
  const app = Fastify({
    // Request URLs are logged without the secrets some carry (signed links, e-mailed tokens).
    logger: withRedaction(options.logger ?? { level: config.logLevel }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A malformed URL (bad percent-encoding) gets Mason's error shape, not Fastify's codes.
    frameworkErrors,
    // Ids are at most 64 characters; a longer path parameter is refused (414).
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerErrorHandler(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  registerSecurityHeaders(app, (host) => parsePreviewHost(host, config) !== null);

  const database = options.database ?? (await createDatabase(config.database));
  const smtp =
    !options.mailer && config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const secrets = SecretBox.load(config);
  const taskLoop = await createTaskLoop(
    config,
    database,
    app.log,
    previewForTasks(config, database.db),
    options.taskLoop,
  );
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer:
      options.mailer ??
      smtp ??
      new OutboxMailer(database.db, app.log, { logLinks: mayLogMailLinks(config) }),
    limiter: new RateLimiter(database.db, config.rateLimits),
    background: new BackgroundTasks(app.log),
    google: config.googleClientId
      ? createGoogleVerifier(config.googleClientId, config.googleJwksUrl)
      : null,
    github: config.github ? createGithubClient(config.github) : null,
    log: app.log,
    taskLoop,
    links: new SessionLinks(database.db, secrets.deriveKey('signed-links')),
    secrets,
    streams: new EventStreams(),
    blobs: new BlobCollector(database.db, app.log, config.blobGraceSeconds),
  };
  // Custom domains: their routes, background DNS checks, and projectFor(host) for the public
  // app host router.
  const domains = domainsService(ctx);
  // Work done after an answer was sent (an e-mail, collecting blobs) ends before this resolves.
  app.decorate('idle', () => ctx.background.idle());
  // A session that ends (here or in another process) ends its streams at once.
  const stopRelayingRevocations = onSessionsRevoked(database.db, (sessionIds) =>
    taskLoop.bus.publish(SESSIONS_CHANNEL, { type: 'sessions-revoked', sessionIds }),
  );
  const stopClosingRevoked = taskLoop.bus.subscribe(SESSIONS_CHANNEL, (event) => {
    if (event.type !== 'sessions-revoked') return;
    const ended = new Set(event.sessionIds);
    forgetSessions(database.db, (session) => ended.has(session.id));
    ctx.streams.closeSessions(event.sessionIds);
  });
  // Apps that remember: each project's own databases, sign-in and data API (issue 34).
  const apps = appData(ctx);
  taskLoop.useAppDatabase((projectId) => agentDatabase(apps, projectId));
  taskLoop.useTimeTravel(apps.timeTravel);
  const deployments = new DeploymentsService(deployContext(ctx, database, apps));
  const billing = billingService(ctx);
  // People's MCP servers: their tools, each tool's policy, the servers each project may use.
  const mcp = mcpServers(ctx);
  taskLoop.useMcp(mcpForTurns(mcp));
  // People's own OpenRouter accounts: connecting one, and the key their turns run on.
  const openRouter = openRouterAccounts(ctx);
  taskLoop.useOpenRouterKeys({
    keyOf: (userId) => openRouter.openRouterKeyOf(userId),
    hasKey: (tx, userId) => hasOpenRouterConnection(tx, userId),
  });
  // Projects linked to a repository: each version pushed as a commit by the `git-push` queue.
  const repositories = projectRepositories(ctx, database, taskLoop);
  // Before each turn of a linked project: commits pushed outside Mason pause it (USER_COMMIT).
  const pusher = repositories.pusher;
  if (pusher)
    taskLoop.useOutsideCommits({
      check: (projectId) => pusher.outsideCommits(projectId),
      pull: (projectId) => pusher.runNow(projectId),
    });
  const stopPushingNewVersions = pushNewVersions(taskLoop.bus, repositories.pushes);
  // Open event streams must end first, or closing the server would wait for them.
  app.addHook('preClose', async () => {
    stopRelayingRevocations();
    stopClosingRevoked();
    stopPushingNewVersions();
    ctx.streams.closeAll();
  });
  app.addHook('onClose', async () => {
    await domains.stop();
    await billing.usageReports.stop();
    await ctx.blobs.stop();
    await deployments.close();
    await repositories.pushes.close();
    await taskLoop.close();
    await apps.databases.close();
    await ctx.background.idle();
    smtp?.close();
    if (!options.database) await database.close();
  });

  // Before every route: a request for a preview host never reaches Mason's API or web app.
  await registerPreviewHost(app, previewHostDeps(ctx, apps));
  // Then published apps ({slug}.{APPS_DOMAIN} and verified custom domains): public, no session.
  await registerPublicApps(app, publicAppsDeps(ctx, domains, apps));
  registerEarlyNotFound(app);
  registerCallTable(app, {
    undocumented: [OPENAPI_JSON_PATH, DOCS_PATH].map((path) => path.slice(API_PREFIX.length)),
    authenticate: (request) => authenticate(ctx, request),
  });
  try {
    await registerOpenApi(app);
    await app.register(
      async (api) => {
        for (const routes of [configRoutes, waitlistRoutes, authRoutes]) {
          await api.register(routes, { ctx });
        }
        await api.register(billingRoutes, { billing });
        await api.register(projectsPlugin, { ctx: projectsContext(ctx, apps) });
        await api.register(tasksPlugin, { ctx: tasksContext(ctx) });
        await api.register(deployPlugin, { deployments });
        await api.register(assetsRoutes, { ctx: assetsContext(ctx) });
        await api.register(thumbnailsRoutes, { ctx: { db: ctx.db } });
        await api.register(domainsRoutes, { ctx: domainsRoutesContext(ctx, domains) });
        await api.register(projectDatabaseRoutes, { ctx: { db: ctx.db, service: apps.service } });
        await api.register(supabaseRoutes, { accounts: apps.supabaseAccounts });
        await api.register(mcpRoutes, { ctx: { db: ctx.db, servers: mcp } });
        await api.register(openRouterRoutes, { accounts: openRouter });
        await api.register(databaseAttachmentsRoutes, {
          ctx: { db: ctx.db, attachments: apps.attachments, service: apps.service },
        });
        await api.register(databaseBrowserRoutes, { ctx: { db: ctx.db, browser: apps.browser } });
        await api.register(productionBackupsRoutes, {
          ctx: { db: ctx.db, backups: apps.backups },
        });
        await api.register(codeHostingRoutes, { service: codeHostingService(ctx) });
        await api.register(projectRepositoriesRoutes, { service: repositories.service });
        if (config.exposeOutbox) await api.register(outboxRoutes, { ctx });
        if (options.routes) await api.register(options.routes);
        // `npm run bench` compares the log polling with a route that does nothing, on the same
        // server. Only with BENCH_ROUTES=true: production never has it.
        // The preview benchmarks write files as a version without an assistant's turn.
        if (process.env['BENCH_ROUTES'] === 'true') {
          api.get(ApiRoutes.benchBare, async () => ({ ok: true }));
          await api.register(benchRoutes, { ctx });
        }
      },
      { prefix: API_PREFIX },
    );
    await registerWebApp(app, config);
    await app.ready();
    await taskLoop.start();
    await deployments.start();
    await repositories.pushes.start();
    ctx.blobs.start();
    domains.start();
    // Usage billed by use goes to Stripe's meter (nothing to do with the embedded provider).
    billing.usageReports.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export type MasonApp = Awaited<ReturnType<typeof buildApp>>;

function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger || typeof logger !== 'object') return logger;
  return { ...logger, serializers: { ...requestLogSerializers, ...logger.serializers } };
}
