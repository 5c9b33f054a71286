import * as z from 'zod/mini';
import { ModelSchema, PauseReasonSchema, TaskStateSchema, type LogType } from './enums';
import { BranchNameSchema } from './branch';
import {
  FilePathSchema,
  IdSchema,
  PagePathSchema,
  TimestampSchema,
  queryIntSchema,
} from './primitives';
import {
  IMAGE_MAX_BASE64_LENGTH,
  MESSAGE_IMAGES_MAX_BYTES,
  MESSAGE_MAX_IMAGES,
  MESSAGE_MAX_STATIC_FILES,
  MESSAGE_MAX_SELECTED_COMPONENTS,
  TASK_LOGS_MAX_LIMIT,
  base64Length,
  ImageMediaTypeSchema,
  TaskDescriptionSchema,
  MessageContentSchema,
  AdditionalInstructionsSchema,
} from './task-fields';
import { TURN_WAIVED_REASONS } from './turn-cost';
import { VersionSchema } from './versions';
import { McpCallRequestSchema } from './mcp';

// The fields a form validates live in task-fields.ts (small, so a screen that needs one does not
// bundle every schema of this module); they are re-exported here.
export {
  TASK_DESCRIPTION_MAX_LENGTH,
  MESSAGE_CONTENT_MAX_LENGTH,
  MESSAGE_MAX_IMAGES,
  MESSAGE_MAX_STATIC_FILES,
  MESSAGE_MAX_SELECTED_COMPONENTS,
  IMAGE_MAX_BASE64_LENGTH,
  IMAGE_MAX_BYTES,
  MESSAGE_IMAGES_MAX_BYTES,
  MESSAGE_BODY_LIMIT_BYTES,
  TASK_LOGS_MAX_LIMIT,
  TASK_LOGS_DEFAULT_LIMIT,
  ImageMediaTypeSchema,
  TaskDescriptionSchema,
  MessageContentSchema,
  AdditionalInstructionsSchema,
} from './task-fields';
export type { ImageMediaType } from './task-fields';

/** SPEC.md 3: an image sent inline, its media type and its base64 content (no data: prefix). */
export const ImageAttachmentSchema = z.object({
  mediaType: ImageMediaTypeSchema,
  content: z
    .base64('Images travel as base64.')
    .check(z.maxLength(IMAGE_MAX_BASE64_LENGTH, 'That image is larger than 5 MB.')),
});
export type ImageAttachment = z.infer<typeof ImageAttachmentSchema>;

/** The images of one message: at most MESSAGE_MAX_IMAGES, MESSAGE_IMAGES_MAX_BYTES together. */
export const MessageImagesSchema = z.array(ImageAttachmentSchema).check(
  z.maxLength(MESSAGE_MAX_IMAGES, `Attach at most ${MESSAGE_MAX_IMAGES} images to one message.`),
  z.refine(
    (images) =>
      images.reduce((total, image) => total + image.content.length, 0) <=
      base64Length(MESSAGE_IMAGES_MAX_BYTES),
    { message: 'The images of one message may be 20 MB together at most.' },
  ),
);

/**
 * SPEC.md 3: an element the person selected in the preview (visual edit), sent with a message.
 * `filePart` is the element's source text; line and column (1-based) locate it in `filePath`.
 */
export const SelectedComponentSchema = z.object({
  componentName: z.string().check(z.minLength(1), z.maxLength(200)),
  filePath: FilePathSchema,
  filePart: z.string().check(z.maxLength(20_000)),
  page: PagePathSchema,
  line: z.optional(z.number().check(z.int(), z.gte(1))),
  column: z.optional(z.number().check(z.int(), z.gte(1))),
});
export type SelectedComponent = z.infer<typeof SelectedComponentSchema>;

/** SPEC.md 3: a task, as the API answers it. A non-null pauseReason means paused or needs attention. */
export const TaskSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  description: z.string(),
  state: TaskStateSchema,
  pauseReason: z.nullable(PauseReasonSchema),
  model: ModelSchema,
  branch: z.nullable(z.string()),
  repositoryId: z.nullable(IdSchema),
  additionalInstructions: z.nullable(z.string()),
  /** The newest version this task made, or null before its first change. */
  latestVersionId: z.nullable(IdSchema),
  /**
   * COMPLETED, and the turn that completed it changed no file: shown as "No changes made" (a
   * label on a completed task, not a state of its own). Absent means false.
   */
  noChanges: z.optional(z.boolean()),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Task = z.infer<typeof TaskSchema>;

/** POST /tasks (SPEC.md 3: Task). staticFiles are ids from the static file upload. */
export const CreateTaskRequestSchema = z.object({
  projectId: IdSchema,
  description: TaskDescriptionSchema,
  branch: z.optional(BranchNameSchema),
  repositoryId: z.optional(IdSchema),
  filePaths: z.optional(z.array(FilePathSchema).check(z.maxLength(100))),
  images: z.optional(MessageImagesSchema),
  staticFiles: z.optional(z.array(IdSchema).check(z.maxLength(MESSAGE_MAX_STATIC_FILES))),
  model: z.optional(ModelSchema),
  additionalInstructions: z.optional(AdditionalInstructionsSchema),
});
export type CreateTaskRequest = z.infer<typeof CreateTaskRequestSchema>;

/** GET /tasks?projectId=&repositoryId=&states=A&states=B (states repeated; one value is a list of one). */
export const TasksQuerySchema = z.object({
  projectId: z.optional(IdSchema),
  repositoryId: z.optional(IdSchema),
  states: z.optional(
    z.pipe(
      z.union([TaskStateSchema, z.array(TaskStateSchema)]),
      z.transform((states) => (Array.isArray(states) ? states : [states])),
    ),
  ),
});
/** What a caller passes (states as a list); the client repeats the key on the wire. */
export type TasksQuery = z.output<typeof TasksQuerySchema>;

export const TasksResponseSchema = z.object({ tasks: z.array(TaskSchema) });
export type TasksResponse = z.infer<typeof TasksResponseSchema>;

/** Path params of /tasks/:id/... */
export const TaskParamsSchema = z.object({ id: IdSchema });

// ---- Task log entries ----

export const FileChangeKindSchema = z.enum(['CREATED', 'UPDATED', 'DELETED']);
export type FileChangeKind = z.infer<typeof FileChangeKindSchema>;

/** What a person may answer to a NEEDS_ATTENTION entry (POST /tasks/:id/action). */
export const TaskActionKindSchema = z.enum([
  'APPROVE',
  'REJECT',
  'RETRY',
  'CONTINUE',
  'PROVIDE_VALUES',
  /** MCP_SERVER_USAGE_APPROVAL: run this call, and from now on every call of the tool. */
  'APPROVE_ALWAYS',
  /** MCP_SERVER_USAGE_APPROVAL: refuse this call, and never offer the tool again. */
  'REJECT_ALWAYS',
]);
export type TaskActionKind = z.infer<typeof TaskActionKindSchema>;

/** An action offered by a NEEDS_ATTENTION entry; `fields` are the values PROVIDE_VALUES asks for. */
export const TaskLogActionSchema = z.object({
  action: TaskActionKindSchema,
  label: z.string(),
  fields: z.array(z.object({ name: z.string(), label: z.string(), secret: z.boolean() })),
});
export type TaskLogAction = z.infer<typeof TaskLogActionSchema>;

const logEntry = <Type extends LogType, Payload extends z.ZodMiniObject>(
  type: Type,
  payload: Payload,
) =>
  z.object({
    id: IdSchema,
    taskId: IdSchema,
    type: z.literal(type),
    /** The text to show: the message, the tool output, the error, ... */
    content: z.string(),
    payload,
    createdAt: TimestampSchema,
  });

export const UserMessageLogSchema = logEntry(
  'USER_MESSAGE',
  z.object({
    images: z.array(z.object({ mediaType: ImageMediaTypeSchema, url: z.string() })),
    staticFiles: z.array(z.object({ id: IdSchema, fileName: z.string() })),
    selectedComponents: z.array(SelectedComponentSchema),
    currentPage: z.nullable(PagePathSchema),
    model: z.nullable(ModelSchema),
  }),
);
export const AiMessageLogSchema = logEntry(
  'AI_MESSAGE',
  z.object({
    model: z.nullable(ModelSchema),
    /**
     * The model's name when it answered ("qwen2.5-coder (your endpoint)"): the endpoint's id may
     * change with LLM_MODEL. Absent on entries written before it was kept.
     */
    modelLabel: z.optional(z.string()),
    /** The draftId its streamed deltas carried (TaskStreamDeltaEvent), or null. */
    draftId: z.nullable(z.string()),
  }),
);
export const ToolCallLogSchema = logEntry(
  'TOOL_CALL',
  z.object({ toolCallId: z.string(), toolName: z.string(), input: z.record(z.string(), z.json()) }),
);
export const ToolResultLogSchema = logEntry(
  'TOOL_RESULT',
  z.object({ toolCallId: z.string(), toolName: z.string(), isError: z.boolean() }),
);
export const FileChangeLogSchema = logEntry(
  'FILE_CHANGE',
  z.object({
    path: FilePathSchema,
    change: FileChangeKindSchema,
    additions: z.number().check(z.int(), z.gte(0)),
    deletions: z.number().check(z.int(), z.gte(0)),
  }),
);
export const VersionLogSchema = logEntry(
  'VERSION',
  z.object({
    versionId: IdSchema,
    index: z.number().check(z.int(), z.gte(0)),
    previewUrl: z.url(),
  }),
);
export const ErrorLogSchema = logEntry('ERROR', z.object({ code: z.nullable(z.string()) }));
export const NeedsAttentionLogSchema = logEntry(
  'NEEDS_ATTENTION',
  z.object({
    reason: PauseReasonSchema,
    actions: z.array(TaskLogActionSchema),
    resolved: z.boolean(),
    /** MCP_SERVER_USAGE_APPROVAL: the call the assistant wants to make. */
    mcpCall: z.optional(McpCallRequestSchema),
    /** MCP_SERVER_CONNECTION_ISSUES and MCP_SERVER_USAGE_APPROVAL: the server's name. */
    mcpServerName: z.optional(z.string()),
    /** The person's answer, once they gave one (how the assistant learns an approval's outcome). */
    answer: z.optional(TaskActionKindSchema),
  }),
);
export const StatusLogSchema = logEntry(
  'STATUS',
  z.object({
    state: TaskStateSchema,
    pauseReason: z.nullable(PauseReasonSchema),
    /** COMPLETED by a turn that changed no file: the entry reads "No changes made". */
    noChanges: z.optional(z.boolean()),
  }),
);

const creditAmount = () => z.number().check(z.gte(0));
const tokenCount = () => z.number().check(z.int(), z.gte(0));
/**
 * What a turn of the assistant cost (turn-cost.ts): the content is its lines, "This turn: 3.2
 * credits" and, for what was not charged, "Not charged: the assistant fixed its own error (…)".
 */
export const TurnCostLogSchema = logEntry(
  'TURN_COST',
  z.object({
    chargedCredits: creditAmount(),
    waivedCredits: creditAmount(),
    waivedReason: z.nullable(z.enum(TURN_WAIVED_REASONS)),
    inputTokens: tokenCount(),
    outputTokens: tokenCount(),
    /** The model by name when it has no price (not charged for that reason); absent: priced. */
    unpricedModel: z.optional(z.nullable(z.string())),
  }),
);

/** SPEC.md 3: a task log entry (id, type, content), with a payload typed by its type. */
export const TaskLogSchema = z.discriminatedUnion('type', [
  UserMessageLogSchema,
  AiMessageLogSchema,
  ToolCallLogSchema,
  ToolResultLogSchema,
  FileChangeLogSchema,
  VersionLogSchema,
  ErrorLogSchema,
  NeedsAttentionLogSchema,
  StatusLogSchema,
  TurnCostLogSchema,
]);
export type TaskLog = z.infer<typeof TaskLogSchema>;
/** The entry of one type, e.g. `TaskLogOf<'USER_MESSAGE'>`. */
export type TaskLogOf<Type extends LogType> = Extract<TaskLog, { type: Type }>;

// Every log type has exactly one entry schema.
type MissingLogTypes = Exclude<LogType, TaskLog['type']>;
const everyLogTypeHasASchema: MissingLogTypes extends never ? true : MissingLogTypes = true;
void everyLogTypeHasASchema;

/**
 * GET /tasks/:id/logs?afterLogId=&beforeLogId=&limit=. Without a cursor: the newest `limit`
 * entries. afterLogId: entries after that one (polling for new ones); beforeLogId: the page
 * before it (scrolling back). Entries are oldest first.
 */
export const TaskLogsQuerySchema = z
  .object({
    afterLogId: z.optional(IdSchema),
    beforeLogId: z.optional(IdSchema),
    limit: z.optional(queryIntSchema(1, TASK_LOGS_MAX_LIMIT)),
  })
  .check(
    z.refine((query) => query.afterLogId === undefined || query.beforeLogId === undefined, {
      message: 'Use afterLogId or beforeLogId, not both.',
      path: ['beforeLogId'],
    }),
  );
export type TaskLogsQuery = z.output<typeof TaskLogsQuerySchema>;

export const TaskLogsResponseSchema = z.object({
  logs: z.array(TaskLogSchema),
  /** Older entries exist before the first one answered. */
  hasMoreBefore: z.boolean(),
  /** Newer entries exist after the last one answered (the limit cut them). */
  hasMoreAfter: z.boolean(),
});
export type TaskLogsResponse = z.infer<typeof TaskLogsResponseSchema>;

/**
 * POST /tasks/:id/logs: SPEC.md 3's message send payload (the taskId is the path's :id).
 * staticFiles are ids from the static file upload.
 */
export const SendTaskMessageRequestSchema = z.object({
  content: MessageContentSchema,
  images: z.optional(MessageImagesSchema),
  staticFiles: z.optional(z.array(IdSchema).check(z.maxLength(MESSAGE_MAX_STATIC_FILES))),
  selectedComponents: z.optional(
    z.array(SelectedComponentSchema).check(z.maxLength(MESSAGE_MAX_SELECTED_COMPONENTS)),
  ),
  currentPage: z.optional(PagePathSchema),
  model: z.optional(ModelSchema),
});
export type SendTaskMessageRequest = z.infer<typeof SendTaskMessageRequestSchema>;

/** The USER_MESSAGE entry written, and the task as it is now (IN_PROGRESS again). */
export const SendTaskMessageResponseSchema = z.object({
  log: UserMessageLogSchema,
  task: TaskSchema,
});
export type SendTaskMessageResponse = z.infer<typeof SendTaskMessageResponseSchema>;

/** POST /tasks/:id/revert: a revert makes a new version equal to the chosen one. */
export const RevertTaskRequestSchema = z.object({ versionId: IdSchema });
export type RevertTaskRequest = z.infer<typeof RevertTaskRequestSchema>;
/**
 * POST /tasks/:id/revert: the new version (the older one's files) and the version that was the
 * newest before it, which a revert back to undoes the revert (null: there was none).
 */
export const RevertTaskResponseSchema = z.object({
  task: TaskSchema,
  version: VersionSchema,
  previous: z.optional(z.nullable(VersionSchema)),
});
export type RevertTaskResponse = z.infer<typeof RevertTaskResponseSchema>;

/** POST /tasks/:id/action: the answer to a NEEDS_ATTENTION entry. */
export const TaskActionParamsSchema = z.object({
  action: TaskActionKindSchema,
  /** PROVIDE_VALUES: field name -> value (e.g. env variable keys). */
  values: z.optional(
    z.record(
      z.string().check(z.minLength(1), z.maxLength(128)),
      z.string().check(z.maxLength(32_768)),
    ),
  ),
  comment: z.optional(z.string().check(z.maxLength(2000))),
});
export type TaskActionParams = z.infer<typeof TaskActionParamsSchema>;
export const TaskActionRequestSchema = z.object({
  logId: IdSchema,
  params: TaskActionParamsSchema,
});
export type TaskActionRequest = z.infer<typeof TaskActionRequestSchema>;

/** Answer of pause, resume and action: the task as it is now. */
export const TaskResponseSchema = z.object({ task: TaskSchema });
export type TaskResponse = z.infer<typeof TaskResponseSchema>;

/** POST /tasks/:id/rate (SPEC.md: payload not shown; ours). */
export const TaskRatingSchema = z.enum(['POSITIVE', 'NEGATIVE']);
export type TaskRating = z.infer<typeof TaskRatingSchema>;
export const RateTaskRequestSchema = z.object({
  rating: TaskRatingSchema,
  /** The answer or version being rated; the whole task when both are absent. */
  logId: z.optional(IdSchema),
  versionId: z.optional(IdSchema),
  comment: z.optional(z.string().check(z.trim(), z.maxLength(2000, 'That comment is too long.'))),
});
export type RateTaskRequest = z.infer<typeof RateTaskRequestSchema>;

// ---- The live stream of a task (GET /tasks/:id/events, server-sent events) ----

/**
 * `event: log`, `id: <log id>`: a log entry, once it is stored. Reconnecting with Last-Event-ID
 * (or ?afterLogId=) replays the entries after that id, so no entry is missed or repeated.
 */
export const TaskStreamLogEventSchema = z.object({ type: z.literal('log'), log: TaskLogSchema });
/**
 * `event: delta` (no id): words of the AI message being written. `draftId` groups the deltas of
 * one message; the AI_MESSAGE log entry that follows (same draftId in its payload) replaces them.
 */
export const TaskStreamDeltaEventSchema = z.object({
  type: z.literal('delta'),
  draftId: z.string(),
  text: z.string(),
});
/** `event: task` (no id): the task changed state. */
export const TaskStreamTaskEventSchema = z.object({ type: z.literal('task'), task: TaskSchema });
export const TaskStreamEventSchema = z.discriminatedUnion('type', [
  TaskStreamLogEventSchema,
  TaskStreamDeltaEventSchema,
  TaskStreamTaskEventSchema,
]);
export type TaskStreamEvent = z.infer<typeof TaskStreamEventSchema>;

/** GET /tasks/:id/events?afterLogId= (Last-Event-ID wins when both are given). */
export const TaskEventsQuerySchema = z.object({ afterLogId: z.optional(IdSchema) });
export type TaskEventsQuery = z.infer<typeof TaskEventsQuerySchema>;
