import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-error';

/**
 * JSON bodies, except that an empty body with a JSON content type counts as no body (a POST
 * that carries nothing, like logout, may still say application/json).
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
    // PostgreSQL text cannot hold a NUL character: refuse it here, clearly, rather than fail later.
    if (text.includes('\\u0000') && hasNul(parsed)) {
      return done(
        new HttpError(
          400,
          'The request body contains a NUL character (\\u0000). Remove it and try again.',
        ),
        undefined,
      );
    }
    done(null, parsed);
  });
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
  }
  return false;
}
