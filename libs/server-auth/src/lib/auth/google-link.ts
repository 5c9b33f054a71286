import type { UserRow } from '@mason/server-db';
import type { AuthContext } from '../auth-context';
import { sendAccountSecuredMail } from '../mail/account-mails';
import { updateUser } from '../users/users.repository';
import type { GoogleIdentity } from './google-verifier';
import { revokeAllSessions } from '../credentials/sessions';

/**
 * Google vouches for `identity.email`, which is the address of `account`: the account is linked to
 * Google and its address is verified.
 *
 * When nobody had confirmed that address, whoever signed up with it may not be its owner (someone
 * can sign up with another person's address and stay logged in). The person Google signed in is
 * the owner: every session of the account ends, its password is removed, and the owner is told
 * why by e-mail, with a link to choose a password.
 */
export async function linkGoogleToAccount(
  ctx: AuthContext,
  account: UserRow,
  identity: GoogleIdentity,
): Promise<UserRow> {
  if (account.emailVerifiedAt) return updateUser(ctx.db, account.id, { googleSub: identity.sub });
  const secured = await updateUser(ctx.db, account.id, {
    googleSub: identity.sub,
    emailVerifiedAt: new Date(),
    passwordHash: null,
  });
  await revokeAllSessions(ctx.db, account.id);
  try {
    await sendAccountSecuredMail(ctx, secured);
  } catch (error) {
    // The account is safe either way; the owner can ask for a reset link on the login page.
    ctx.log.error({ err: error, userId: account.id }, 'could not send the account-secured e-mail');
  }
  return secured;
}
