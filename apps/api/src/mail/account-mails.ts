import type { UserRow } from '@mason/server-db';
import type { AppContext } from '../app-context';
import { issueEmailToken } from '../auth/email-tokens';
import { passwordResetMessage, verifyEmailMessage } from './templates';

/** Web routes the links open (SPEC.md 2: /verify-email/[token], /password-reset/[token]). */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email/${token}`;
export const passwordResetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/password-reset/${token}`;

/** Sends a new verification link for the user's current address. */
export async function sendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueEmailToken(ctx.db, 'verify', user.id, user.email);
  await ctx.mailer.send(
    verifyEmailMessage(user.email, user.firstName, verifyEmailLink(ctx.config.publicUrl, token)),
  );
}

/**
 * The same, for a flow that must go on when the mail server fails (sign-up): the failure is
 * logged and the person can ask for another link.
 */
export async function trySendVerificationMail(ctx: AppContext, user: UserRow): Promise<void> {
  try {
    await sendVerificationMail(ctx, user);
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'could not send the verification e-mail');
  }
}

export async function sendPasswordResetMail(ctx: AppContext, user: UserRow): Promise<void> {
  const token = await issueEmailToken(ctx.db, 'reset', user.id, user.email);
  await ctx.mailer.send(
    passwordResetMessage(
      user.email,
      user.firstName,
      passwordResetLink(ctx.config.publicUrl, token),
    ),
  );
}
