import type { UserRow } from '@mason/server-db';
import type { AuthContext } from '../auth-context';
import { issueEmailToken } from '../credentials/email-tokens';
import {
  accountSecuredMessage,
  emailChangedMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from './templates';

/** Web routes the links open (SPEC.md 2: /verify-email/[token], /password-reset/[token]). */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email/${token}`;
export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/password-reset/${token}`;
const passwordResetPage = (publicUrl: string) => `${publicUrl}/password-reset`;

/** Sends a new verification link for the user's current address. */
export async function sendVerificationMail(ctx: AuthContext, user: UserRow): Promise<void> {
  const token = await issueEmailToken(ctx.db, 'verify', user.id, user.email);
  await ctx.mailer.send(
    verifyEmailMessage(user.email, user.firstName, verifyEmailLink(ctx.config.publicUrl, token)),
  );
}

/**
 * The same, for a flow that must go on when the mail server fails (sign-up): the failure is
 * logged and the person can ask for another link.
 */
export async function trySendVerificationMail(ctx: AuthContext, user: UserRow): Promise<void> {
  try {
    await sendVerificationMail(ctx, user);
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not send the verification e-mail');
  }
}

export async function sendPasswordResetMail(ctx: AuthContext, user: UserRow): Promise<void> {
  const token = await issueEmailToken(ctx.db, 'reset', user.id, user.email);
  await ctx.mailer.send(
    passwordResetMessage(
      user.email,
      user.firstName,
      passwordResetLink(ctx.config.publicUrl, token),
    ),
  );
}

/** After Google took an unconfirmed account back: why, and a link to choose a password. */
export async function sendAccountSecuredMail(ctx: AuthContext, user: UserRow): Promise<void> {
  const token = await issueEmailToken(ctx.db, 'reset', user.id, user.email);
  await ctx.mailer.send(
    accountSecuredMessage(
      user.email,
      user.firstName,
      passwordResetLink(ctx.config.publicUrl, token),
      passwordResetPage(ctx.config.publicUrl),
    ),
  );
}

/**
 * Tells the old address that the account's address changed (and whom to write to if it was not
 * them). The change is made either way: a failure is logged.
 */
export async function trySendEmailChangedMail(
  ctx: AuthContext,
  oldEmail: string,
  user: UserRow,
): Promise<void> {
  try {
    await ctx.mailer.send(
      emailChangedMessage(oldEmail, user.firstName, user.email, ctx.config.supportEmail),
    );
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not tell the old address of its change');
  }
}
