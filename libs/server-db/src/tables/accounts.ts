// People, their sessions, e-mails, plans and rate limits.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** The user a row belongs to; the row goes when the account does. */
export const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A person with an account. Google users may have no password. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-case (the contract's EmailSchema lower-cases it). */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** argon2id hash; null for accounts made through Google sign-in. */
    passwordHash: text('password_hash'),
    /** Google's stable subject id, once the account has signed in with Google. */
    googleSub: text('google_sub'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    signupSource: text('signup_source'),
    referralCode: text('referral_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_google_sub_unique').on(table.googleSub),
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    // Who joined with a referral code (codes compare upper-case).
    index('users_referral_code_idx').on(sql`upper(${table.referralCode})`),
  ],
);

export const SESSION_METHODS = ['password', 'google', 'signup'] as const;
/** How a session was made: a password login, a Google sign-in, or a sign-up. */
export type SessionMethod = (typeof SESSION_METHODS)[number];

/** Bearer tokens (sessions). Only the sha256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: ownerUserId(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * How the session was made (e.g. a change of the e-mail address of an account without a
     * password needs a fresh Google sign-in); null for sessions made before it was recorded.
     */
    method: text('method').$type<SessionMethod>(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_unique').on(table.tokenHash),
    index('auth_tokens_user_id_idx').on(table.userId),
    check('auth_tokens_method', sql`${table.method} in ('password', 'google', 'signup')`),
  ],
);

export const EMAIL_TOKEN_KINDS = ['verify', 'reset'] as const;
export type EmailTokenKind = (typeof EMAIL_TOKEN_KINDS)[number];

/** One-time links sent by e-mail: e-mail verification and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<EmailTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: ownerUserId(),
    /** The address the link was sent to: a verification link only verifies that address. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_tokens_token_hash_unique').on(table.tokenHash),
    index('email_tokens_user_id_idx').on(table.userId),
    check('email_tokens_kind', sql`${table.kind} in ('verify', 'reset')`),
  ],
);

/** E-mails written while no SMTP server is configured (and read by tests). */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_to_address_idx').on(table.toAddress, table.createdAt)],
);

/** Addresses collected while sign-ups are closed. */
export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('waitlist_email_unique').on(table.email)],
);

/**
 * Events counted by the rate limiter (failed logins, sign-ups, reset requests). Kept in the
 * database so that the limits hold across several server processes.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What is limited, e.g. 'login-failure:ip'. */
    bucket: text('bucket').notNull(),
    /** Whom it is limited for, e.g. an IP address or an e-mail address. */
    key: text('key').notNull(),
    /**
     * Where the event came from, when a limit needs it: the client address of a failed login
     * (a correct password from an address with no failures on the account still gets in).
     */
    source: text('source'),
    createdAt: createdAt(),
  },
  (table) => [index('rate_limit_events_lookup_idx').on(table.bucket, table.key, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
