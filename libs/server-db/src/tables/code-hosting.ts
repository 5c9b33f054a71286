// Code hosting: a person's GitHub connection, and the OAuth states that bind a connect to them.
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts';
import { createdAt } from './columns';

/**
 * A person's connected GitHub account (one per person): its login and picture, and the OAuth
 * token GitHub gave for it, sealed with Mason's secret key (never stored or answered in clear).
 * Disconnecting or deleting the person deletes it.
 */
export const githubIntegrations = pgTable('github_integrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountLogin: text('account_login').notNull(),
  avatarUrl: text('avatar_url'),
  /** The OAuth token, sealed (SecretBox: AES-256-GCM under MASON_SECRET_KEY). */
  sealedToken: text('sealed_token').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
});
export type GithubIntegrationRow = typeof githubIntegrations.$inferSelect;

/**
 * The `state` of a GitHub authorize URL, by its sha256: bound to the person who asked for it,
 * for one callback flow, used once and only before it expires.
 */
export const githubOauthStates = pgTable(
  'github_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: ownerUserId(),
    /** The callback screen GitHub sends the person back to: DEFAULT, EXISTING or WINDOW. */
    flow: text('flow').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('github_oauth_states_user_id_idx').on(table.userId)],
);
export type GithubOauthStateRow = typeof githubOauthStates.$inferSelect;
