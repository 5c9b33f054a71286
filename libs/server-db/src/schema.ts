// Mason's tables (PostgreSQL dialect). Change this file, then `npm run db:generate` writes the
// next SQL migration into libs/server-db/migrations; commit both.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** The user a row belongs to; the row goes when the account does. */
const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
/** The project a row belongs to; the row goes when the project does. */
const ownerProjectId = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });
/**
 * The columns of a durable job (a turn, a deployment): how often it was tried, which process
 * runs it and until when its claim holds without a heartbeat, and when it was queued, started
 * and finished.
 */
const jobColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  workerId: text('worker_id'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

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

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionRowStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** Paid plans. Empty until billing exists; a user without an active row is on the free plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    /** e.g. 'PRO_MONTHLY': starts with LITE, PRO or USAGE (SPEC.md 3). */
    type: text('type').notNull(),
    status: text('status').$type<SubscriptionRowStatus>().notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_user_id_idx').on(table.userId),
    check('subscriptions_status', sql`${table.status} in ('active', 'past_due', 'canceled')`),
  ],
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

/** PostgreSQL bytea as a Node Buffer (both drivers return one). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A person's project: the app being built. Deleting it deletes its tasks, versions and files. */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerUserId(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** 'INTERNAL' (made in Mason) or 'EXTERNAL' (imported from a repository). */
    type: text('type').notNull(),
    /** The contract's ProjectStatus. */
    status: text('status').notNull(),
    repositoryId: text('repository_id'),
    branch: text('branch'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('projects_user_id_idx').on(table.userId, table.createdAt),
    check('projects_type', sql`${table.type} in ('INTERNAL', 'EXTERNAL')`),
  ],
);

/**
 * File contents, content-addressed: the key is the sha256 of the bytes, so a file that many
 * versions share is stored once. Contents never change; a blob nothing references any more (no
 * version, upload or message) is collected once it has not been written for a while.
 */
export const blobs = pgTable(
  'blobs',
  {
    hash: text('hash').primaryKey(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
    /** When the content was last written (again): a blob just written is never collected. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('blobs_touched_at_idx').on(table.touchedAt)],
);

/** path -> blob hash: the whole source tree of one version. */
export type VersionManifest = Record<string, string>;

/**
 * A version of a project's files. Versions are numbered 0, 1, 2, ... per project and never
 * change or disappear; a revert is a new version with an old manifest.
 */
export const versions = pgTable(
  'versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    index: integer('index').notNull(),
    /** The task that made it (null for the template and for edits outside a task). */
    taskId: uuid('task_id'),
    /** The task log entry (its seq) that announced it. */
    logSeq: integer('log_seq'),
    parentVersionId: uuid('parent_version_id'),
    manifest: jsonb('manifest').$type<VersionManifest>().notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('versions_project_index_unique').on(table.projectId, table.index)],
);

/** A task: a piece of work the assistant does on a project, as a conversation of turns. */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    userId: ownerUserId(),
    description: text('description').notNull(),
    /** The contract's TaskState. */
    state: text('state').notNull(),
    /** The contract's PauseReason, or null while nothing waits for the person. */
    pauseReason: text('pause_reason'),
    /** The contract's Model. */
    model: text('model').notNull(),
    branch: text('branch'),
    repositoryId: text('repository_id'),
    additionalInstructions: text('additional_instructions'),
    latestVersionId: uuid('latest_version_id'),
    /** The seq of the newest log entry: the next entry gets lastLogSeq + 1 (no gaps, no repeats). */
    lastLogSeq: integer('last_log_seq').notNull().default(0),
    rating: text('rating'),
    ratingComment: text('rating_comment'),
    inputTokens: bigint('input_tokens', { mode: 'number' }).notNull().default(0),
    outputTokens: bigint('output_tokens', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('tasks_project_id_idx').on(table.projectId, table.createdAt),
    index('tasks_user_id_idx').on(table.userId, table.state),
  ],
);

/**
 * A task's log: one gapless sequence per task (seq 1, 2, 3, ...). The API's log id is the seq.
 * Entries are only ever appended, except that a NEEDS_ATTENTION entry is marked resolved.
 */
export const taskLogs = pgTable(
  'task_logs',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The contract's LogType. */
    type: text('type').notNull(),
    content: text('content').notNull(),
    /** The entry's payload as the contract types it for its type. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.seq] })],
);

export const TURN_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED'] as const;
export type TurnStatus = (typeof TURN_STATUSES)[number];

/**
 * One turn of the assistant on a task: the durable job. It is written in the same transaction
 * as the message (or resume) that asks for it, so no request is lost; a worker claims it,
 * and a turn left RUNNING by a dead process is taken up again (attempts counts the tries).
 */
export const taskTurns = pgTable(
  'task_turns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    status: text('status').$type<TurnStatus>().notNull(),
    /** Why it runs: 'START', 'MESSAGE', 'RESUME', 'ACTION'. */
    trigger: text('trigger').notNull(),
    /** Extra instructions for this turn (e.g. which env variables were provided). */
    note: text('note'),
    /** The version the turn started from: after a crash, the files are back at this version. */
    baseVersionId: uuid('base_version_id'),
    ...jobColumns(),
  },
  (table) => [
    index('task_turns_task_id_idx').on(table.taskId, table.createdAt),
    index('task_turns_status_idx').on(table.status),
    // At most one turn of a task is queued or running at a time.
    uniqueIndex('task_turns_one_active_per_task')
      .on(table.taskId)
      .where(sql`${table.status} in ('QUEUED', 'RUNNING')`),
    check(
      'task_turns_status',
      sql`${table.status} in ('QUEUED', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')`,
    ),
  ],
);

/** A project's environment variables; the value is encrypted (AES-256-GCM) with the server key. */
export const envVariables = pgTable(
  'env_variables',
  {
    projectId: ownerProjectId(),
    key: text('key').notNull(),
    /** base64 of iv (12) + auth tag (16) + ciphertext. */
    valueEncrypted: text('value_encrypted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.projectId, table.key] })],
);

/** Files uploaded to attach to a task or a message (their ids go into staticFiles). */
export const staticFiles = pgTable(
  'static_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    userId: ownerUserId(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
    createdAt: createdAt(),
  },
  (table) => [index('static_files_project_id_idx').on(table.projectId)],
);

/** Tokens used by the assistant, per model call: the usage budget of a plan sums these. */
export const tokenUsage = pgTable(
  'token_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerUserId(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('token_usage_user_id_idx').on(table.userId, table.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type AuthTokenRow = typeof authTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type VersionRow = typeof versions.$inferSelect;
export type TaskRow = typeof tasks.$inferSelect;
export type TaskLogRow = typeof taskLogs.$inferSelect;
export type TaskTurnRow = typeof taskTurns.$inferSelect;
export type StaticFileRow = typeof staticFiles.$inferSelect;

/**
 * Uncaught errors and unhandled rejections the bridge of an open preview reported: the agent
 * reads a project's recent ones (read_preview_errors). A project keeps its newest few only.
 */
export const previewErrors = pgTable(
  'preview_errors',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: ownerProjectId(),
    /** The version the preview showed. */
    versionIndex: integer('version_index').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    page: text('page').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('preview_errors_project_id_idx').on(table.projectId, table.id)],
);
export type PreviewErrorRow = typeof previewErrors.$inferSelect;

export const DEPLOYMENT_STATUSES = [
  'QUEUED',
  'BUILDING',
  'LIVE',
  'FAILED',
  'SUPERSEDED',
  'OFFLINE',
] as const;
export type DeploymentStatusValue = (typeof DEPLOYMENT_STATUSES)[number];

/** path -> blob hash: the files of one production build (hashed names, index.html, public/). */
export type BuildManifest = Record<string, string>;

/**
 * A publish of one version: the durable job (QUEUED -> BUILDING -> LIVE or FAILED, claimed by a
 * worker like a turn) and, once built, the files it serves. At most one deployment of a project
 * is LIVE; a rollback makes an earlier one LIVE again without building anything.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => versions.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeploymentStatusValue>().notNull(),
    /** The built files; null until the build succeeds. */
    manifest: jsonb('manifest').$type<BuildManifest>(),
    /** What the build printed, line by line (warnings and errors with file and line). */
    buildLog: jsonb('build_log').$type<string[]>().notNull().default([]),
    /** Why it FAILED, in words a person can act on. */
    error: text('error'),
    ...jobColumns(),
    /** When it last became LIVE (a rollback sets it again). */
    liveAt: timestamp('live_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('deployments_project_id_idx').on(table.projectId, table.createdAt),
    index('deployments_status_idx').on(table.status),
    uniqueIndex('deployments_one_live_per_project')
      .on(table.projectId)
      .where(sql`${table.status} = 'LIVE'`),
    check(
      'deployments_status',
      sql`${table.status} in ('QUEUED', 'BUILDING', 'LIVE', 'FAILED', 'SUPERSEDED', 'OFFLINE')`,
    ),
  ],
);
export type DeploymentRow = typeof deployments.$inferSelect;

/**
 * The public names of published apps (`{slug}.{APPS_DOMAIN}`). A project has one current slug
 * (retiredAt null); a changed slug keeps its row with retiredAt set, redirects to the current
 * one for 30 days, and is given to nobody else meanwhile.
 */
export const appSlugs = pgTable(
  'app_slugs',
  {
    slug: text('slug').primaryKey(),
    projectId: ownerProjectId(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('app_slugs_one_current_per_project')
      .on(table.projectId)
      .where(sql`${table.retiredAt} is null`),
  ],
);
export type AppSlugRow = typeof appSlugs.$inferSelect;

export const DOMAIN_STATUSES = ['PENDING', 'ACTIVE', 'FAILED'] as const;
export type DomainStatusValue = (typeof DOMAIN_STATUSES)[number];

/** The outcome of one DNS check of a domain, per record the person was asked to create. */
export interface DomainCheck {
  type: 'A' | 'AAAA' | 'CNAME' | 'TXT';
  name: string;
  ok: boolean;
  /** What DNS answered, or why the lookup failed. */
  detail: string;
}

/** A custom domain: one project's, verified by a TXT token and a record pointing at Mason. */
export const domains = pgTable(
  'domains',
  {
    /** Lower-case, without a trailing dot; one domain belongs to one project. */
    domain: text('domain').primaryKey(),
    projectId: ownerProjectId(),
    /** The value of the TXT record `_mason-challenge.{domain}`. */
    token: text('token').notNull(),
    status: text('status').$type<DomainStatusValue>().notNull(),
    checks: jsonb('checks').$type<DomainCheck[]>().notNull().default([]),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('domains_project_id_idx').on(table.projectId),
    check('domains_lower_case', sql`${table.domain} = lower(${table.domain})`),
    check('domains_status', sql`${table.status} in ('PENDING', 'ACTIVE', 'FAILED')`),
  ],
);
export type DomainRow = typeof domains.$inferSelect;

/**
 * Files uploaded into the app's `public/` folder (images, fonts): each upload and delete is also
 * a version. The content is a blob, so the same file uploaded twice is stored once.
 */
export const assets = pgTable(
  'assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: ownerProjectId(),
    /** `public/logo.png`: where the file is in the project; the app loads it from `/logo.png`. */
    path: text('path').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobHash: text('blob_hash')
      .notNull()
      .references(() => blobs.hash),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('assets_project_path_unique').on(table.projectId, table.path)],
);
export type AssetRow = typeof assets.$inferSelect;
