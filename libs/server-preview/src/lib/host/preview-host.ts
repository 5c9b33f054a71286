import { registerErrorHandler, registerJsonParser } from '@mason/server-http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { PreviewBuilds } from './preview-builds';
import type { PreviewHostDeps } from './preview-host-deps';
import { previewRoutes } from './preview-routes';
import { parsePreviewHost } from './preview-urls';

/**
 * Serves the preview hosts (`p-{projectId}….{PREVIEW_DOMAIN}`) from `app`: a request whose Host
 * is a preview host is handed, before any of Mason's hooks or routes, to a Fastify instance of
 * its own (with Mason's error handler, JSON parser, schemas and logger), so it never reaches
 * Mason's API or web app.
 *
 * Why an instance of its own and not `constraints: { host }` on Mason's instance: Fastify's
 * router picks a route by path before it looks at constraints, so a preview page at `/` or
 * `/api/users/me` would match Mason's own routes rather than a host-constrained `/*`.
 * Register before Mason's other onRequest hooks.
 */
export async function registerPreviewHost(
  app: FastifyInstance,
  deps: PreviewHostDeps,
): Promise<void> {
  const builds = new PreviewBuilds(deps.db, (projectId) => deps.envVariables(projectId));
  const preview = Fastify({
    loggerInstance: deps.log.child({ previewHost: true }),
    // Mason's instance logs each request (with its redacted URL) before handing it over.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  preview.setValidatorCompiler(validatorCompiler);
  preview.setSerializerCompiler(serializerCompiler);
  registerJsonParser(preview);
  registerErrorHandler(preview);
  await preview.register(previewRoutes, { deps, builds });
  if (deps.appData)
    await preview.register(deps.appData, {
      projectOf: (request) => parsePreviewHost(request.headers.host, deps.config)?.projectId ?? null,
    });
  preview.addHook('onClose', () => builds.dispose());

  app.addHook('onRequest', async (request, reply) => {
    if (!parsePreviewHost(request.headers.host, deps.config)) return;
    reply.hijack();
    preview.routing(request.raw, reply.raw);
  });
  app.addHook('onReady', async () => {
    await preview.ready();
    // Warm the shared runtime while the server starts: the first preview does not wait for it.
    void builds
      .runtime()
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'Could not build the preview runtime'),
      );
  });
  app.addHook('onClose', async () => {
    await preview.close();
  });
}
