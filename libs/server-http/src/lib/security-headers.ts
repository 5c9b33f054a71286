import type { FastifyInstance } from 'fastify';

/**
 * The policy of every answer that sets none of its own (the API's JSON, files, the built
 * assets): it loads nothing, and no site may frame it. The web app's pages (apps/api's shell policy)
 * and Swagger UI (openapi.ts) set their own.
 */
export const DEFAULT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Other sites learn Mason's origin, never its paths (a preview link's token, a task's id).
 * Google sign-in needs the origin (no-referrer breaks its button).
 */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * One year. Not includeSubDomains: Mason cannot know that every name under its host (previews on
 * another PREVIEW_DOMAIN, anything else an operator runs there) speaks HTTPS.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Headers on every answer of Mason's own origin: X-Frame-Options DENY and a Content-Security-Policy
 * (frame-ancestors 'none') against framing, a Referrer-Policy, and HSTS when the request came over
 * HTTPS (behind a proxy: with TRUST_PROXY, X-Forwarded-Proto says so). The preview hosts are
 * framed by Mason and send their own headers (the preview host): they are left alone.
 * Register before the routes, so that the hook runs for all of them.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  isPreviewHost: (host: string | undefined) => boolean,
): void {
  app.addHook('onSend', async (request, reply) => {
    if (isPreviewHost(request.headers.host)) return;
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', DEFAULT_CONTENT_SECURITY_POLICY);
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', REFERRER_POLICY);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}
