import { forgetSessions } from '../credentials/sessions';
import { eq } from 'drizzle-orm';
import type { User } from '@mason/contract';
import {
  type Database,
  type Executor,
  type NewUserRow,
  type UserRow,
  users,
  waitlist,
} from '@mason/server-db';

/** The contract's User: what a person may see of their own account. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.passwordHash !== null,
    signupSource: row.signupSource,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByGoogleSub(db: Database, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).limit(1);
  return row;
}

/** PostgreSQL's unique_violation: e.g. two sign-ups racing for one e-mail address. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Inserts a user; undefined when the e-mail address is taken. */
export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .insert(users)
      .values({ ...values, email: values.email.toLowerCase() })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<NewUserRow>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  // Cached sessions carry the user: the next request must see the change.
  forgetSessions(db, (session) => session.user.id === id);
  return row;
}

/** Puts an address on the waitlist (joining twice is fine). */
export async function joinWaitlist(db: Executor, email: string): Promise<void> {
  await db.insert(waitlist).values({ email }).onConflictDoNothing({ target: waitlist.email });
}
