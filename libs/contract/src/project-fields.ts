import * as z from 'zod/mini';
import { BranchNameSchema } from './branch';
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

/** The longest repository address an import takes. */
export const REPOSITORY_URL_MAX_LENGTH = 2048;

/** The address of a git repository to import, like https://github.com/owner/name. */
export const RepositoryUrlSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter the address of the repository to import.'),
    z.maxLength(REPOSITORY_URL_MAX_LENGTH, 'That address is too long.'),
  );

/** How long the server clones a repository to import before it gives up. */
export const IMPORT_CLONE_TIMEOUT_MS = 120_000;
/**
 * How long a client waits for POST /projects that imports (SPEC.md's 10 s default is for the
 * rest): the clone's own limit, and time to store its files.
 */
export const IMPORT_REQUEST_TIMEOUT_MS = IMPORT_CLONE_TIMEOUT_MS + 30_000;

/**
 * The import form (/dashboard/projects/existing): a repository, and what to do with it. The
 * address is asked for when the person imports by address (the other source is a repository of
 * their GitHub account, picked from a list).
 */
export const ImportProjectFormSchema = z.object({
  repositoryUrl: z.optional(RepositoryUrlSchema),
  branch: z.optional(BranchNameSchema),
  name: z.optional(ProjectNameSchema),
  description: z.optional(TaskDescriptionSchema),
});
export type ImportProjectForm = z.infer<typeof ImportProjectFormSchema>;
