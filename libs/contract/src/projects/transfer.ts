import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

export const TransferDestinationSchema = z.object({
  id: IdSchema,
  kind: z.enum(['USER', 'TEAM']),
  name: z.string(),
  email: z.nullable(z.string()),
});
export type TransferDestination = z.infer<typeof TransferDestinationSchema>;

/** GET /projects/:id/transfer/destinations */
export const TransferDestinationsResponseSchema = z.object({
  destinations: z.array(TransferDestinationSchema),
});
export type TransferDestinationsResponse = z.infer<typeof TransferDestinationsResponseSchema>;

/** POST /projects/:id/transfer */
export const TransferProjectRequestSchema = z.object({ destinationId: IdSchema });
export type TransferProjectRequest = z.infer<typeof TransferProjectRequestSchema>;
export const TransferProjectResponseSchema = z.object({
  projectId: IdSchema,
  destination: TransferDestinationSchema,
  transferredAt: TimestampSchema,
});
export type TransferProjectResponse = z.infer<typeof TransferProjectResponseSchema>;
