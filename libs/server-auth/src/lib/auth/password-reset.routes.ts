import {
  ApiRoutes,
  OkResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestSchema,
} from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AuthContext } from '../auth-context';
import { badRequest, errorResponses } from '@mason/server-http';
import { sendPasswordResetMail } from '../mail/account-mails';
import { findUserById, findUserByEmail, updateUser } from '../users/users.repository';
import { consumeEmailToken, retireEmailTokens } from '../credentials/email-tokens';
import { clearAllPasswordFailures } from '../credentials/password-attempts';
import { hashPassword } from '../credentials/passwords';
import { revokeAllSessions } from '../credentials/sessions';

export const passwordResetRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    ApiRoutes.passwordReset,
    {
      schema: {
        summary: 'Ask for a password reset link by e-mail',
        description:
          'Always 204, whether or not the address has an account (the look-up and the e-mail happen after the answer). The link is valid for one hour.',
        tags: ['auth'],
        body: PasswordResetRequestSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await ctx.limiter.consume('passwordResetsPerIp', request.ip);
      await ctx.limiter.consume('passwordResetsPerEmail', email);
      ctx.background.run('password reset e-mail', async () => {
        const user = await findUserByEmail(ctx.db, email);
        if (user) await sendPasswordResetMail(ctx, user);
      });
      return reply.status(204).send();
    },
  );

  app.post(
    ApiRoutes.passwordResetConfirm,
    {
      schema: {
        summary: 'Set a new password with the token of a reset link',
        description:
          'Every session of the account ends. A used token gets 400 "Token has already been used.".',
        tags: ['auth'],
        body: PasswordResetConfirmSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const token = await consumeEmailToken(ctx.db, 'reset', request.body.token);
      const user = await findUserById(ctx.db, token.userId);
      if (!user) throw badRequest('This password reset link is not valid. Request a new one.');
      await updateUser(ctx.db, user.id, {
        passwordHash: await hashPassword(request.body.password),
        // The link reached this address: it is the person's.
        emailVerifiedAt: user.emailVerifiedAt ?? (token.email === user.email ? new Date() : null),
      });
      await retireEmailTokens(ctx.db, 'reset', user.id);
      await revokeAllSessions(ctx.db, user.id);
      await clearAllPasswordFailures(ctx.limiter, user.email, request.ip);
      return {
        ok: true as const,
        message: 'Your password has been changed. Log in with your new password.',
      };
    },
  );
};
