import * as z from 'zod/mini';
import { BranchNameSchema } from './branch';
import { ModelSchema, ProjectTypeSchema } from './enums';
import { IdSchema } from './primitives';
import { ImageAttachmentSchema, MESSAGE_MAX_IMAGES, TaskDescriptionSchema } from './task-fields';

// The project fields and requests that forms validate. Kept apart from projects.ts so the
// new-project screen does not bundle every project schema (domains, deployments, ...).

export const ProjectNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Give the project a name.'),
    z.maxLength(100, 'That name is too long.'),
  );
export const ProjectDescriptionSchema = z
  .string()
  .check(z.trim(), z.maxLength(10_000, 'That description is too long.'));

/**
 * POST /projects: a project starts from a description, which becomes its first task. The name is
 * derived from the description when absent; type defaults to INTERNAL. EXTERNAL projects name a
 * repository and branch.
 */
export const CreateProjectRequestSchema = z.object({
  description: TaskDescriptionSchema,
  name: z.optional(ProjectNameSchema),
  type: z.optional(ProjectTypeSchema),
  repositoryId: z.optional(IdSchema),
  branch: z.optional(BranchNameSchema),
  model: z.optional(ModelSchema),
  images: z.optional(z.array(ImageAttachmentSchema).check(z.maxLength(MESSAGE_MAX_IMAGES))),
});
export type CreateProjectRequest = z.infer<typeof CreateProjectRequestSchema>;

/** PUT /projects/:id: rename or describe; at least one field. */
export const UpdateProjectRequestSchema = z
  .object({
    name: z.optional(ProjectNameSchema),
    description: z.optional(ProjectDescriptionSchema),
  })
  .check(
    z.refine((body) => body.name !== undefined || body.description !== undefined, {
      message: 'Change the name or the description.',
    }),
  );
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;
