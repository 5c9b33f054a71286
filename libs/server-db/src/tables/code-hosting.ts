// Code hosting: a person's GitHub connection, the OAuth states that bind a connect to them, and
// the repositories projects push their versions to.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ownerUserId, users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { projects } from './projects';

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

/**
 * The repository a project's versions are pushed to (one per project; the project's owner's
 * GitHub connection pushes): where (the code host's id, owner/name, the git clone URL, the web
 * page, the branch), whether Mason created it, the newest version pushed and its commit, and the
 * push as a durable job (the `git-push` queue's source): its state (PENDING, PUSHED, FAILED with
 * `error`), attempts since the last success, when a failed push is tried again (null: only when
 * the person asks), and the claim of the worker pushing it.
 */
/** Mason's and GitHub's sides changed the same files since `base` (project_repositories.conflict). */
export interface RepositoryConflict {
  /** The remote head, Mason's commit of its newest version, and their merge base. */
  readonly theirs: string;
  readonly ours: string;
  readonly base: string;
  /** The newest version `ours` is the commit of. */
  readonly oursVersionId: string;
  readonly githubCommits: number;
  readonly masonVersions: number;
  readonly files: readonly string[];
  /** The files that are text on both sides (the assistant may merge those). */
  readonly textFiles: readonly string[];
  /** The person's choice per file, once made: the next sync applies it. */
  readonly choices?: readonly { readonly path: string; readonly keep: ConflictKeep }[];
}

/** Keep Mason's side, GitHub's side, or leave the file with markers for the assistant. */
export type ConflictKeep = 'MASON' | 'GITHUB' | 'ASSISTANT';

/**
 * A merge of `theirs` the sync made or the person chose (project_repositories.merges): the commit
 * of version `versionId` gets `theirs` as its second parent. While `files` still hold conflict
 * markers (left to the assistant), the versions from `versionId` on wait; the first without them
 * is the merge commit.
 */
export interface RepositoryMerge {
  readonly versionId: string;
  readonly theirs: string;
  readonly files: readonly string[];
}

export const projectRepositories = pgTable(
  'project_repositories',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    repositoryId: text('repository_id').notNull(),
    fullName: text('full_name').notNull(),
    cloneUrl: text('clone_url').notNull(),
    htmlUrl: text('html_url').notNull(),
    branch: text('branch').notNull(),
    internal: boolean('internal').notNull().default(false),
    pushedVersionId: uuid('pushed_version_id'),
    pushedCommit: text('pushed_commit'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    /** PENDING, PUSHED or FAILED (the answer's IDLE/PENDING also look at the versions). */
    pushState: text('push_state').notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    retryAt: timestamp('retry_at', { withTimezone: true }),
    workerId: text('worker_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Files both sides changed, waiting for the person's choice (sync FAILED meanwhile). */
    conflict: jsonb('conflict').$type<RepositoryConflict>(),
    /** Merges not pushed yet: each version's commit gets `theirs` as a second parent. */
    merges: jsonb('merges').$type<RepositoryMerge[]>(),
    /** While a merge waits for its markers to go: the newest version index looked at. */
    mergeWaitingIndex: integer('merge_waiting_index'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('project_repositories_user_id_idx').on(table.userId),
    check(
      'project_repositories_push_state',
      sql`${table.pushState} in ('PENDING', 'PUSHED', 'FAILED')`,
    ),
  ],
);
export type ProjectRepositoryRow = typeof projectRepositories.$inferSelect;
