import { API_PREFIX, JSON_BODY_LIMIT_BYTES, loadEnglishMessages } from '@mason/contract';
import { createDatabase, type DatabaseHandle } from '@mason/server-db';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './app-context';
import { createGoogleVerifier } from './auth/google-verifier';
import { googleRoutes } from './auth/google.routes';
import { loginRoutes } from './auth/login.routes';
import { passwordResetRoutes } from './auth/password-reset.routes';
import { verifyEmailRoutes } from './auth/verify-email.routes';
import type { AppConfig } from './config/app-config';
import { configRoutes } from './config/config.routes';
import { BackgroundTasks } from './http/background-tasks';
import { registerErrorHandler } from './http/error-handler';
import { registerJsonParser } from './http/json-parser';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { type Mailer, OutboxMailer, SmtpMailer } from './mail/mailer';
import { outboxRoutes } from './mail/outbox.routes';
import { RateLimiter } from './rate-limit/rate-limiter';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { usersRoutes } from './users/users.routes';
import { waitlistRoutes } from './waitlist/waitlist.routes';
import { blobsRoutes } from './blobs/blobs.routes';
import { modelsRoutes } from './models/models.routes';
import { projectsRoutes } from './projects/projects.routes';
import { visualEditsRoutes } from './projects/visual-edits.routes';
import { createTaskLoop, type TaskLoopOptions } from './tasks/task-loop';
import { taskEventsRoutes } from './tasks/task-events.routes';
import { tasksRoutes } from './tasks/tasks.routes';
import { benchRoutes } from './preview/bench.routes';
import { registerPreviewHost } from './preview/preview-host';
import { registerWebApp } from './web/web-app';

// The contract's schemas (zod/mini) word the issues they give no message of their own in English.
loadEnglishMessages();

export interface BuildAppOptions {
  /** An open database to use (the caller closes it); by default the app opens config.database and closes it on close(). */
  database?: DatabaseHandle;
  /** Replaces the mailer chosen from the configuration. */
  mailer?: Mailer;
  /** Fastify's logger option (default: pino at config.logLevel). */
  logger?: FastifyServerOptions['logger'];
  /** Options of the task loop (e.g. a model registry for tests). */
  taskLoop?: TaskLoopOptions;
}

/** Mason's HTTP server: the API under /api, its OpenAPI document, and the built web app. Call listen() or inject(). */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerErrorHandler(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
  });
  registerSecurityHeaders(app, config);

  const database = options.database ?? (await createDatabase(config.database));
  const smtp =
    !options.mailer && config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  const taskLoop = await createTaskLoop(config, database, app.log, options.taskLoop);
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: options.mailer ?? smtp ?? new OutboxMailer(database.db, app.log),
    limiter: new RateLimiter(database.db, config.rateLimits),
    background: new BackgroundTasks(app.log),
    google: config.googleClientId
      ? createGoogleVerifier(config.googleClientId, config.googleJwksUrl)
      : null,
    log: app.log,
    taskLoop,
  };
  // Open event streams must end first, or closing the server would wait for them.
  app.addHook('preClose', async () => {
    for (const stream of taskLoop.streams) stream.end();
  });
  app.addHook('onClose', async () => {
    await taskLoop.close();
    await ctx.background.idle();
    smtp?.close();
    if (!options.database) await database.close();
  });

  // Before every route: a request for a preview host never reaches Mason's API or web app.
  registerPreviewHost(app, ctx);
  try {
    await registerOpenApi(app);
    await app.register(
      async (api) => {
        for (const routes of [
          configRoutes,
          waitlistRoutes,
          loginRoutes,
          googleRoutes,
          passwordResetRoutes,
          verifyEmailRoutes,
          usersRoutes,
          subscriptionsRoutes,
          modelsRoutes,
          projectsRoutes,
          visualEditsRoutes,
          tasksRoutes,
          taskEventsRoutes,
          blobsRoutes,
        ]) {
          await api.register(routes, { ctx });
        }
        if (config.exposeOutbox) await api.register(outboxRoutes, { ctx });
        // `npm run bench` compares the log polling with a route that does nothing, on the same
        // server. Only with BENCH_ROUTES=true: production never has it.
        // The preview benchmarks write files as a version without an assistant's turn.
        if (process.env['BENCH_ROUTES'] === 'true') {
          api.get('/bench/bare', async () => ({ ok: true }));
          await api.register(benchRoutes, { ctx });
        }
      },
      { prefix: API_PREFIX },
    );
    await registerWebApp(app, config);
    await app.ready();
    await taskLoop.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export type MasonApp = Awaited<ReturnType<typeof buildApp>>;
