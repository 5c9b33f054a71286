import * as z from 'zod/mini';
import { ProjectNameSchema } from '../project-fields';

/** POST /projects/:id/fork (30 s): a copy of the project and its newest version; answers the new Project. */
export const ForkProjectRequestSchema = z.object({ name: z.optional(ProjectNameSchema) });
export type ForkProjectRequest = z.infer<typeof ForkProjectRequestSchema>;
