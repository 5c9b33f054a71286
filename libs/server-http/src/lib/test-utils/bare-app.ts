import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { registerCallTable } from '../calls';
import { registerErrorHandler } from '../error-handler';
import { unauthorized } from '../http-error';
import { registerJsonParser } from '../json-parser';

/**
 * A bare Fastify with the plumbing every domain's routes run on (zod schemas, the JSON parser,
 * the error handler, the table of calls). Its only session is 'Bearer good' (session-1 of
 * user-1); any other caller gets 401.
 */
export function bareApp(undocumented: readonly string[] = []): FastifyInstance {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);
  registerErrorHandler(app);
  registerCallTable(app, {
    undocumented,
    authenticate: async (request) => {
      if (request.headers.authorization !== 'Bearer good') throw unauthorized('Log in first.');
      return { id: 'session-1', user: { id: 'user-1' } };
    },
  });
  return app;
}
