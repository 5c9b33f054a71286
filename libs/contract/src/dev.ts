import * as z from 'zod/mini';
import { EmailSchema } from './auth';

/** GET /dev/outbox?to= (test set-ups only): the e-mails sent to one address. */
export const OutboxQuerySchema = z.object({ to: EmailSchema });
export const OutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;

/** POST /bench/projects/:id/files (benchmark set-ups only): files written as one new version. */
export const BenchFilesSchema = z.object({
  /** Project path to its new text; null deletes the file. */
  files: z.record(z.string().check(z.minLength(1), z.maxLength(1024)), z.nullable(z.string())),
  summary: z.optional(z.string().check(z.maxLength(300))),
});
