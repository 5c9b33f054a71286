import {
  ApiRoutes,
  AuthTokenResponseSchema,
  ErrorMessages,
  GoogleLoginRequestSchema,
} from '@mason/contract';
import type { UserRow } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth-context';
import { badRequest, errorResponses, forbidden } from '@mason/server-http';
import { findUserByEmail, findUserByGoogleSub, insertUser } from '../users/users.repository';
import { linkGoogleToAccount } from './google-link';
import type { GoogleIdentity } from './google-verifier';
import { createSession } from '../credentials/sessions';

const NOT_CONFIGURED = 'Google sign-in is not configured on this server.';
const NOT_VERIFIED = 'Google could not confirm this sign-in. Please try again.';
const UNVERIFIED_EMAIL = 'Your Google account’s e-mail address is not verified with Google.';

export const googleRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  /** Finds the account of a Google identity, links it by e-mail, or creates it (if sign-ups are open). */
  async function accountOf(
    identity: GoogleIdentity,
    referralCode: string | undefined,
    ip: string,
  ): Promise<UserRow> {
    const linked = await findUserByGoogleSub(ctx.db, identity.sub);
    if (linked) return linked;
    const byEmail = await findUserByEmail(ctx.db, identity.email);
    // Google vouches for the address: the account is now verified and linked to Google.
    if (byEmail) return linkGoogleToAccount(ctx, byEmail, identity);
    if (!ctx.config.signupsOpen) throw forbidden(ErrorMessages.googleSignupsClosed);
    await ctx.limiter.consume('signupsPerIp', ip);
    const created = await insertUser(ctx.db, {
      email: identity.email,
      firstName: identity.givenName || identity.email.split('@')[0],
      lastName: identity.familyName,
      googleSub: identity.sub,
      emailVerifiedAt: new Date(),
      referralCode: referralCode || null,
    });
    if (created) return created;
    // Lost a race with a simultaneous sign-in of the same person: use the account that won.
    const winner =
      (await findUserByGoogleSub(ctx.db, identity.sub)) ??
      (await findUserByEmail(ctx.db, identity.email));
    if (!winner) throw new Error('The Google account could neither be created nor found.');
    return winner;
  }

  app.post(
    ApiRoutes.authorizeGoogle,
    {
      schema: {
        summary: 'Log in (or sign up) with a Google ID token',
        description:
          'A new user while sign-ups are closed gets 403. A token Google did not sign for this client gets 400.',
        tags: ['auth'],
        body: GoogleLoginRequestSchema,
        response: { 200: AuthTokenResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request) => {
      if (!ctx.google) throw badRequest(NOT_CONFIGURED);
      let identity: GoogleIdentity;
      try {
        identity = await ctx.google.verify(request.body.token);
      } catch (error) {
        request.log.info({ err: error }, 'Google ID token refused');
        throw badRequest(NOT_VERIFIED, { token: NOT_VERIFIED });
      }
      if (!identity.emailVerified) throw badRequest(UNVERIFIED_EMAIL);
      const user = await accountOf(identity, request.body.referralCode, request.ip);
      return { token: await createSession(ctx.db, user.id, 'google') };
    },
  );
};
