import {
  ApiRoutes,
  AuthTokenResponseSchema,
  ErrorMessages,
  SignupRequestSchema,
  UpdateCurrentUserRequestSchema,
  UserSchema,
} from '@mason/contract';
import type { NewUserRow } from '@mason/server-db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth-context';
import { accountSession } from '../credentials/authenticate';
import { proveAccountOwner } from '../credentials/account-proof';
import { hashPassword } from '../credentials/passwords';
import { createSession, revokeAllSessions } from '../credentials/sessions';
import { badRequest, errorResponses, forbidden, bearerSecurity } from '@mason/server-http';
import { trySendEmailChangedMail, trySendVerificationMail } from '../mail/account-mails';
import {
  findUserByEmail,
  insertUser,
  isUniqueViolation,
  toUser,
  updateUser,
} from './users.repository';

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post(
    ApiRoutes.users,
    {
      schema: {
        summary:
          'Sign up: creates the account, e-mails a verification link and logs the new user in',
        description:
          'A taken e-mail address gets 400 "Email already in use.". Closed sign-ups get 403.',
        tags: ['users'],
        body: SignupRequestSchema,
        response: { 201: AuthTokenResponseSchema, ...errorResponses(400, 403, 429) },
      },
    },
    async (request, reply) => {
      if (!ctx.config.signupsOpen) throw forbidden(ErrorMessages.googleSignupsClosed);
      await ctx.limiter.consume('signupsPerIp', request.ip);
      const { email, password, firstName, lastName, referralCode } = request.body;
      const emailInUse = () =>
        badRequest(ErrorMessages.emailInUse, { email: ErrorMessages.emailInUse });
      if (await findUserByEmail(ctx.db, email)) throw emailInUse();
      const user = await insertUser(ctx.db, {
        email,
        firstName,
        lastName,
        passwordHash: await hashPassword(password),
        referralCode: referralCode || null,
      });
      if (!user) throw emailInUse();
      await trySendVerificationMail(ctx, user);
      return reply.status(201).send({ token: await createSession(ctx.db, user.id, 'signup') });
    },
  );

  app.get(
    ApiRoutes.currentUser,
    {
      schema: {
        summary: 'The logged-in user',
        tags: ['users'],
        security: bearerSecurity,
        response: { 200: UserSchema, ...errorResponses(401) },
      },
    },
    async (request) => toUser((await accountSession(request)).user),
  );

  app.put(
    ApiRoutes.currentUser,
    {
      schema: {
        summary: 'Change the logged-in user: names, e-mail, signup source, password',
        description:
          'A new e-mail address needs the current password (an account without one: a Google sign-in less than 5 minutes old, this session), must be free (400 "Email is taken.") and is unverified until its new link is used; the old address is told, and attempts are limited per account (429). A new password needs the current one; the other sessions end. A refused proof is 400 with fieldErrors.currentPassword.',
        tags: ['users'],
        security: bearerSecurity,
        body: UpdateCurrentUserRequestSchema,
        response: { 200: UserSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const session = await accountSession(request);
      const { user } = session;
      const body = request.body;
      const changes: Partial<NewUserRow> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.signupSource !== undefined) changes.signupSource = body.signupSource;

      const newEmail =
        body.email !== undefined && body.email !== user.email ? body.email : undefined;
      const emailChanged = newEmail !== undefined;
      // Counted on every attempt, before anything is answered: neither the verification e-mails
      // nor the answer "Email is taken." can be had without limit.
      if (emailChanged) await ctx.limiter.consume('emailChangesPerAccount', user.id);
      if (emailChanged || body.newPassword !== undefined) {
        await proveAccountOwner(ctx, session, {
          currentPassword: body.currentPassword,
          newPassword: body.newPassword !== undefined,
          ip: request.ip,
        });
      }
      if (newEmail !== undefined) {
        const owner = await findUserByEmail(ctx.db, newEmail);
        if (owner && owner.id !== user.id)
          throw badRequest(ErrorMessages.emailTaken, { email: ErrorMessages.emailTaken });
        changes.email = newEmail;
        changes.emailVerifiedAt = null;
      }
      if (body.newPassword !== undefined)
        changes.passwordHash = await hashPassword(body.newPassword);

      let updated = user;
      if (Object.keys(changes).length > 0) {
        try {
          updated = await updateUser(ctx.db, user.id, changes);
        } catch (error) {
          // Another account took the address in the meantime.
          if (emailChanged && isUniqueViolation(error))
            throw badRequest(ErrorMessages.emailTaken, { email: ErrorMessages.emailTaken });
          throw error;
        }
      }
      if (changes.passwordHash) await revokeAllSessions(ctx.db, user.id, session.id);
      if (emailChanged) {
        await trySendVerificationMail(ctx, updated);
        await trySendEmailChangedMail(ctx, user.email, updated);
      }
      return toUser(updated);
    },
  );
};
