import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from './primitives';

// A project's versions (who made each, and the revert's summary), apart from tasks.ts: theme,
// visual edits and the task calls answer with them.

/**
 * Who made a version. ASSISTANT: a turn of the assistant; REPAIR: a turn that repaired the
 * assistant's own error (the history says "Repair"); PERSON: the person (a visual edit, an editor
 * save, the theme, an asset, a revert, the starter app, commits brought in from GitHub).
 * Automatic repair only ever answers an error of the assistant's own newest version.
 */
export const VERSION_ORIGINS = ['ASSISTANT', 'REPAIR', 'PERSON'] as const;
export const VersionOriginSchema = z.enum(VERSION_ORIGINS);
export type VersionOrigin = z.infer<typeof VersionOriginSchema>;

/**
 * A version of a project's files (DESIGN.md: versions belong to the project and record the task
 * and log entry that made them). SPEC.md 3: task version (versionId) and preview version (a url
 * per version index).
 */
export const VersionSchema = z.object({
  versionId: IdSchema,
  projectId: IdSchema,
  taskId: z.nullable(IdSchema),
  logId: z.nullable(IdSchema),
  /** 0, 1, 2, ... within the project. */
  index: z.number().check(z.int(), z.gte(0)),
  /** Where this version runs in the preview. */
  previewUrl: z.url(),
  /** One line on what changed. */
  summary: z.string(),
  /** Who made it: the assistant, the assistant repairing its own error, or the person. */
  origin: VersionOriginSchema,
  createdAt: TimestampSchema,
});
export type Version = z.infer<typeof VersionSchema>;

const REVERT_SUMMARY = 'Reverted to version ';
/** The summary of a version made by a revert ("Reverted to version 2"). */
export const revertSummary = (index: number) => `${REVERT_SUMMARY}${index}`;
/** A version made by a revert: the history offers to undo it while it is the newest. */
export const isRevertVersion = (version: Pick<Version, 'summary'>) =>
  version.summary.startsWith(REVERT_SUMMARY);

/** GET /tasks/:id/versions, oldest first. */
export const TaskVersionsResponseSchema = z.object({ versions: z.array(VersionSchema) });
export type TaskVersionsResponse = z.infer<typeof TaskVersionsResponseSchema>;
