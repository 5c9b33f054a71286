import { and, eq, isNull } from 'drizzle-orm';
import { ErrorMessages } from '@mason/contract';
import {
  type Database,
  type EmailTokenKind,
  type EmailTokenRow,
  emailTokens,
} from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { hashToken, newSecretToken } from './secret-tokens';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenKind, number> = {
  verify: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

const invalid: Record<EmailTokenKind, string> = {
  verify: 'This verification link is not valid. Request a new one from your settings.',
  reset: 'This password reset link is not valid. Request a new one.',
};
const expired: Record<EmailTokenKind, string> = {
  verify: 'This verification link has expired. Request a new one from your settings.',
  reset: 'This password reset link has expired. Request a new one.',
};

/** Makes a one-time link secret for `email` and returns it (only its hash is stored). */
export async function issueEmailToken(
  db: Database,
  kind: EmailTokenKind,
  userId: string,
  email: string,
): Promise<string> {
  const { token, hash } = newSecretToken();
  await db.insert(emailTokens).values({
    kind,
    tokenHash: hash,
    userId,
    email,
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[kind]),
  });
  return token;
}

/**
 * Uses a one-time token: marks it used and returns its row, or answers 400 when it is unknown,
 * expired or used ('Token has already been used.', SPEC.md 8). Two concurrent uses: one wins.
 */
export async function consumeEmailToken(
  db: Database,
  kind: EmailTokenKind,
  token: string,
): Promise<EmailTokenRow> {
  const [row] = await db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.kind, kind)))
    .limit(1);
  if (!row) throw new RuleViolation('invalid', invalid[kind], { token: invalid[kind] });
  if (row.usedAt)
    throw new RuleViolation('invalid', ErrorMessages.tokenUsed, { token: ErrorMessages.tokenUsed });
  if (row.expiresAt.getTime() <= Date.now())
    throw new RuleViolation('invalid', expired[kind], { token: expired[kind] });
  const [used] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning();
  if (!used)
    throw new RuleViolation('invalid', ErrorMessages.tokenUsed, { token: ErrorMessages.tokenUsed });
  return used;
}

/** Retires the unused links of a kind for a user (e.g. the other reset links after a reset). */
export async function retireEmailTokens(
  db: Database,
  kind: EmailTokenKind,
  userId: string,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)),
    );
}
