import { AccountProofMessages } from '@mason/contract';
import type { AuthContext } from '../auth-context';
import { RuleViolation } from '@mason/server-http';
import { checkPasswordAttempt, countPasswordFailure } from './password-attempts';
import { verifyPassword } from './passwords';
import type { Session } from './sessions';

/** How recent a Google sign-in must be to stand in for the password of an account without one. */
export const GOOGLE_PROOF_MS = 5 * 60 * 1000;

/**
 * Before a change that could hand the account to someone else (a new password, a new e-mail
 * address), the person at the keyboard proves it is theirs, not only that they hold a session:
 * with the current password, or, to change the address of an account without a password, with
 * a Google sign-in less than 5 minutes old (this very session). 400 with
 * fieldErrors.currentPassword when they do not; a wrong password counts as a failed login.
 */
export async function proveAccountOwner(
  ctx: AuthContext,
  session: Session,
  change: { currentPassword: string | undefined; newPassword: boolean; ip: string },
): Promise<void> {
  const { user } = session;
  if (user.passwordHash === null && !change.newPassword) {
    const fresh =
      session.method === 'google' && Date.now() - session.createdAt.getTime() < GOOGLE_PROOF_MS;
    if (!fresh) throw refused(AccountProofMessages.googleForEmail);
    return;
  }
  if (!change.currentPassword) throw refused(AccountProofMessages.passwordForEmail);
  // A stolen session must not be able to guess the password either.
  await checkPasswordAttempt(ctx.limiter, user.email, change.ip);
  if (!(await verifyPassword(user.passwordHash, change.currentPassword))) {
    await countPasswordFailure(ctx.limiter, user.email, change.ip);
    throw refused(AccountProofMessages.wrongPassword);
  }
}

const refused = (message: string) =>
  new RuleViolation('invalid', message, { currentPassword: message });
