import { ApiRoutes, OkResponseSchema, VerifyEmailRequestSchema } from '@mason/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth-context';
import { badRequest, errorResponses, bearerSecurity } from '@mason/server-http';
import { sendVerificationMail } from '../mail/account-mails';
import { findUserById, updateUser } from '../users/users.repository';
import { accountSession } from '../credentials/authenticate';
import { consumeEmailToken } from '../credentials/email-tokens';

const ADDRESS_CHANGED = 'This link was sent to an address that is no longer on your account.';

export const verifyEmailRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    ApiRoutes.verifyEmail,
    {
      schema: {
        summary: 'Verify an e-mail address with the token of a verification link',
        description:
          'No login needed (the link may be opened on another device). A used token gets 400 "Token has already been used.".',
        tags: ['auth'],
        body: VerifyEmailRequestSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => {
      const token = await consumeEmailToken(ctx.db, 'verify', request.body.token);
      const user = await findUserById(ctx.db, token.userId);
      if (!user || user.email !== token.email)
        throw badRequest(ADDRESS_CHANGED, { token: ADDRESS_CHANGED });
      if (!user.emailVerifiedAt) await updateUser(ctx.db, user.id, { emailVerifiedAt: new Date() });
      return { ok: true as const, message: 'Your e-mail address is verified.' };
    },
  );

  app.post(
    ApiRoutes.resendVerification,
    {
      schema: {
        summary: 'Send a new verification link to the current user',
        tags: ['auth'],
        security: bearerSecurity,
        response: { 200: OkResponseSchema, ...errorResponses(401, 429) },
      },
    },
    async (request) => {
      const { user } = await accountSession(request);
      if (user.emailVerifiedAt)
        return { ok: true as const, message: 'Your e-mail address is already verified.' };
      await ctx.limiter.consume('verificationMailsPerAccount', user.id);
      await sendVerificationMail(ctx, user);
      return { ok: true as const, message: `We sent a new verification link to ${user.email}.` };
    },
  );
};
