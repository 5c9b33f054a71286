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
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });
}
