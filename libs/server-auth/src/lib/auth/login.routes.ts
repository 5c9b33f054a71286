import {
  ApiRoutes,
  AuthTokenResponseSchema,
  ErrorMessages,
  LoginRequestSchema,
} from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AuthContext } from '../auth-context';
import { errorResponses, forbidden, bearerSecurity } from '@mason/server-http';
import { findUserByEmail } from '../users/users.repository';
import { accountSession } from '../credentials/authenticate';
import {
  checkPasswordAttempt,
  clearPasswordFailures,
  countPasswordFailure,
} from '../credentials/password-attempts';
import { verifyPassword } from '../credentials/passwords';
import { createSession, revokeSession } from '../credentials/sessions';

export const loginRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post(
    ApiRoutes.authorize,
    {
      schema: {
        summary: 'Log in with e-mail and password',
        tags: ['auth'],
        body: LoginRequestSchema,
        response: { 200: AuthTokenResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Refused before the password is even checked, so guessing on cannot succeed.
      await checkPasswordAttempt(ctx.limiter, email, request.ip);
      const user = await findUserByEmail(ctx.db, email);
      // An unknown address costs a password check too: the answer's timing does not reveal it.
      if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
        await countPasswordFailure(ctx.limiter, email, request.ip);
        throw forbidden(ErrorMessages.invalidCredentials);
      }
      await clearPasswordFailures(ctx.limiter, email, request.ip);
      return { token: await createSession(ctx.db, user.id, 'password') };
    },
  );

  app.post(
    ApiRoutes.logout,
    {
      schema: {
        summary: 'Log out: the presented bearer token stops working',
        tags: ['auth'],
        security: bearerSecurity,
        response: { 204: z.undefined(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const session = await accountSession(request);
      await revokeSession(ctx.db, session.id);
      return reply.status(204).send();
    },
  );
};
