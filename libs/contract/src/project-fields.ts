import * as z from 'zod/mini';
import { TaskDescriptionSchema } from './task-fields';

// The project fields that forms validate. Kept apart from projects.ts: every zod feature a
// screen's schemas use lands in the zod chunk that the first page loads too.

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

/** The new-project form: what a person types (images and the model are added beside it). */
export const NewProjectFormSchema = z.object({
  description: TaskDescriptionSchema,
  name: z.optional(ProjectNameSchema),
});
export type NewProjectForm = z.infer<typeof NewProjectFormSchema>;
