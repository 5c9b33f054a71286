import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/** GET and POST /projects/:id/deployment?newApi=true: newApi selects the newer deployment pipeline. */
export const DeploymentQuerySchema = z.object({ newApi: z.optional(z.stringbool()) });
export type DeploymentQuery = z.output<typeof DeploymentQuerySchema>;

export const DeploymentStatusSchema = z.enum(['QUEUED', 'BUILDING', 'LIVE', 'FAILED']);
export type DeploymentStatus = z.infer<typeof DeploymentStatusSchema>;

export const DeploymentSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  versionId: IdSchema,
  status: DeploymentStatusSchema,
  /** The public address once LIVE. */
  url: z.nullable(z.url()),
  /** Why it FAILED, in words a person can act on. */
  error: z.nullable(z.string()),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/** GET /projects/:id/deployment: the newest deployment, or null when never deployed. */
export const DeploymentResponseSchema = z.object({ deployment: z.nullable(DeploymentSchema) });
export type DeploymentResponse = z.infer<typeof DeploymentResponseSchema>;

/** POST /projects/:id/deployment: deploy a version (the newest by default). Answers the Deployment. */
export const CreateDeploymentRequestSchema = z.object({ versionId: z.optional(IdSchema) });
export type CreateDeploymentRequest = z.infer<typeof CreateDeploymentRequestSchema>;
