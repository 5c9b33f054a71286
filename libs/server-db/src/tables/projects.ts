// Projects: their files (blobs and versions), tasks, turns, logs, variables and uploads.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  check,
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
import { createdAt, updatedAt, jobColumns, bytea, creditAmount } from './columns';
import { ownerUserId } from './accounts';

/** The project a row belongs to; the row goes when the project does. */
export const ownerProjectId = () =>
  uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

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
    /** Mason asks the assistant to fix an error the preview throws (off: the person decides). */
    autoRepair: boolean('auto_repair').notNull().default(true),
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
    /**
     * Who made it (the contract's VERSION_ORIGINS): ASSISTANT, REPAIR or PERSON. Anything but a
     * turn of the assistant is the person's, so automatic repair never answers its errors.
     */
    origin: text('origin').$type<'ASSISTANT' | 'REPAIR' | 'PERSON'>().notNull().default('PERSON'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('versions_project_index_unique').on(table.projectId, table.index),
    check('versions_origin', sql`${table.origin} in ('ASSISTANT', 'REPAIR', 'PERSON')`),
  ],
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
    /** The task's last turn ended COMPLETED without changing a file ("No changes made"). */
    unchanged: boolean('unchanged').notNull().default(false),
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
    /** The project the turn worked on (the billing screen's cost by project). */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** What the tokens cost at the price table, in credits, charged or not. */
    costCredits: creditAmount('cost_credits').notNull().default(0),
    /** Why the turn was not charged ('repair', 'failure'); null: charged. */
    waivedReason: text('waived_reason'),
    createdAt: createdAt(),
  },
  (table) => [
    index('token_usage_user_id_idx').on(table.userId, table.createdAt),
    index('token_usage_project_idx').on(table.projectId),
  ],
);

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
