import type { FastifyReply } from 'fastify';

/**
 * The Content-Security-Policy of a preview answer: the app's own scripts (and the inline ones
 * whose hashes are given, and hot updates run from blob: URLs), anything it fetches, and only Mason's window (`frameAncestors`) may
 * frame it.
 */
export function previewContentSecurityPolicy(
  frameAncestors: readonly string[],
  scriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    // blob: runs a hot update the live stream carried (a module the page was sent, not fetched).
    `script-src 'self' blob: ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'font-src * data:',
    'media-src * data: blob:',
    'connect-src *',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ');
}

/** Sets the headers of every preview answer (Mason's own security headers do not apply here). */
export function setPreviewHeaders(
  reply: FastifyReply,
  frameAncestors: readonly string[],
  scriptHashes: readonly string[] = [],
): FastifyReply {
  return reply
    .header('content-security-policy', previewContentSecurityPolicy(frameAncestors, scriptHashes))
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'same-origin');
}
