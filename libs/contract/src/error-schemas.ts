import * as z from 'zod/mini';
import { ErrorMessages } from './errors';

/** Every error the API sends has this body. */
export const ApiErrorBodySchema = z.object({
  statusCode: z.number().check(z.int()),
  error: z.string(),
  message: z.string(),
  /** Field name -> what is wrong with it, for 400s on a form. */
  fieldErrors: z.optional(z.record(z.string(), z.string())),
  /** With 403 'Usage limit reached': when the limit resets (ISO 8601). */
  limitResetDate: z.optional(z.string()),
  /** With 429: seconds until the caller may try again. */
  retryAfterSeconds: z.optional(z.number().check(z.int())),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/** SPEC.md 3: usage-limit error data. */
export const UsageLimitErrorSchema = z.object({
  message: z.literal(ErrorMessages.usageLimitReached),
  limitResetDate: z.string(),
});
export type UsageLimitError = z.infer<typeof UsageLimitErrorSchema>;
