import * as z from 'zod/mini';

// Task and message fields that forms validate, and their limits. Kept apart from tasks.ts so a
// screen that validates a description does not bundle the task-log schemas.

/** Limits of a task or a message (ours: SPEC.md leaves them out). */
export const TASK_DESCRIPTION_MAX_LENGTH = 20_000;
export const MESSAGE_CONTENT_MAX_LENGTH = 50_000;
export const MESSAGE_MAX_IMAGES = 10;
export const MESSAGE_MAX_STATIC_FILES = 10;
export const MESSAGE_MAX_SELECTED_COMPONENTS = 20;
/** The length of `bytes` bytes in base64 (no padding removed). */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
/**
 * One attached image, at most (resized to IMAGE_MAX_SIDE_PX per side it is far smaller): the
 * largest image Anthropic's API takes.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_BASE64_LENGTH = base64Length(IMAGE_MAX_BYTES);
/** Every image of one message together, at most: the inline data Gemini's API takes in a request. */
export const MESSAGE_IMAGES_MAX_BYTES = 20 * 1024 * 1024;
/**
 * POST /projects, /tasks and /tasks/:id/logs carry base64 images: their body may hold the images
 * of one message and a JSON body's worth of text beside them.
 */
export const MESSAGE_BODY_LIMIT_BYTES = base64Length(MESSAGE_IMAGES_MAX_BYTES) + 1_048_576;
/** GET /tasks/:id/logs answers at most this many entries (and TASK_LOGS_DEFAULT_LIMIT by default). */
export const TASK_LOGS_MAX_LIMIT = 200;
export const TASK_LOGS_DEFAULT_LIMIT = 50;

export const ImageMediaTypeSchema = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
export type ImageMediaType = z.infer<typeof ImageMediaTypeSchema>;

export const TaskDescriptionSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Describe what to build.'),
    z.maxLength(TASK_DESCRIPTION_MAX_LENGTH, 'That description is too long.'),
  );

/** SPEC.md 5: a message is non-empty after trimming. */
export const MessageContentSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Type a message.'),
    z.maxLength(MESSAGE_CONTENT_MAX_LENGTH, 'That message is too long.'),
  );

export const AdditionalInstructionsSchema = z
  .string()
  .check(z.trim(), z.maxLength(10_000, 'Those instructions are too long.'));
