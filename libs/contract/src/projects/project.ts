import * as z from 'zod/mini';
import { BranchNameSchema } from '../branch';
import { ModelSchema, ProjectTypeSchema } from '../enums';
import {
  ProjectDescriptionSchema,
  ProjectNameSchema,
  RepositoryUrlSchema,
} from '../project-fields';
import { IdSchema, TimestampSchema } from '../primitives';
import { TaskDescriptionSchema } from '../task-fields';
import { MessageImagesSchema, TaskSchema } from '../tasks';
import { DatabaseAttachmentSchema } from './database';

/** Where a project's workspace stands: being set up, ready, building a preview, or broken. */
export const ProjectStatusSchema = z.enum(['CREATING', 'READY', 'BUILDING', 'FAILED']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

/** SPEC.md 3: a project. */
export const ProjectSchema = z.object({
  id: IdSchema,
  name: z.string(),
  description: z.string(),
  type: ProjectTypeSchema,
  status: ProjectStatusSchema,
  /** The connected repository and branch (EXTERNAL projects), or null. */
  repositoryId: z.nullable(IdSchema),
  branch: z.nullable(z.string()),
  /** The live preview of the newest version, or null before the first version. */
  previewUrl: z.nullable(z.url()),
  latestVersionId: z.nullable(IdSchema),
  /** The published app's public address while it is live; absent or null otherwise. */
  liveUrl: z.optional(z.nullable(z.url())),
  /** The newest version past the starter: its summary and when it was made (null: none yet). */
  lastChange: z.optional(z.nullable(z.object({ summary: z.string(), at: TimestampSchema }))),
  /** Mason asks the assistant to fix an error the preview throws (default on). */
  autoRepair: z.optional(z.boolean()),
  /** READY, and the newest turn changed no file: its card says "No changes made". */
  noChanges: z.optional(z.boolean()),
  /** SPEC.md 3: the first task of a project has an id. */
  firstTaskId: z.nullable(IdSchema),
  /** The version the card's thumbnail shows (GET /projects/:id/thumbnail); null: none yet. */
  thumbnailVersionId: z.optional(z.nullable(IdSchema)),
  database: z.nullable(DatabaseAttachmentSchema),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type Project = z.infer<typeof ProjectSchema>;

/** Path params of /projects/:id/... */
export const ProjectParamsSchema = z.object({ id: IdSchema });
export type ProjectParams = z.infer<typeof ProjectParamsSchema>;

/** GET /projects, newest first. */
export const ProjectsResponseSchema = z.object({ projects: z.array(ProjectSchema) });
export type ProjectsResponse = z.infer<typeof ProjectsResponseSchema>;

/**
 * POST /projects: a project starts from a description, which becomes its first task. The name is
 * derived from the description when absent; type defaults to INTERNAL. EXTERNAL projects are
 * imported: from `repositoryUrl`, the address of a public git repository, or `repositoryId`, a
 * repository of the person's connected GitHub account (the project is then linked to it: its
 * versions are pushed there), on `branch` (its default branch when absent); their description is
 * optional, and starts the first task when given.
 */
export const CreateProjectRequestSchema = z
  .object({
    description: z.optional(TaskDescriptionSchema),
    name: z.optional(ProjectNameSchema),
    type: z.optional(ProjectTypeSchema),
    /** EXTERNAL: GitHub's id of a repository the connected account reaches (GET /github/repositories). */
    repositoryId: z.optional(IdSchema),
    /** EXTERNAL: the repository to import, like https://github.com/owner/name. */
    repositoryUrl: z.optional(RepositoryUrlSchema),
    branch: z.optional(BranchNameSchema),
    model: z.optional(ModelSchema),
    images: z.optional(MessageImagesSchema),
  })
  .check(
    z.refine((body) => body.type === 'EXTERNAL' || body.description !== undefined, {
      message: 'Describe what to build.',
      path: ['description'],
    }),
    z.refine(
      (body) =>
        body.type !== 'EXTERNAL' ||
        (body.repositoryUrl === undefined) !== (body.repositoryId === undefined),
      {
        message:
          'Enter the address of the repository to import, or pick one from your GitHub account.',
        path: ['repositoryUrl'],
      },
    ),
  );
export type CreateProjectRequest = z.infer<typeof CreateProjectRequestSchema>;

/** PUT /projects/:id: rename, describe, or switch automatic repair; at least one field. */
export const UpdateProjectRequestSchema = z
  .object({
    name: z.optional(ProjectNameSchema),
    description: z.optional(ProjectDescriptionSchema),
    /** Whether Mason asks the assistant to fix errors the preview throws. */
    autoRepair: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (body) =>
        body.name !== undefined || body.description !== undefined || body.autoRepair !== undefined,
      { message: 'Change the name, the description or automatic repair.' },
    ),
  );
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequestSchema>;

export const CreateProjectResponseSchema = z.object({
  project: ProjectSchema,
  /** The task the description started; null for an import without a description. */
  firstTask: z.nullable(TaskSchema),
});
export type CreateProjectResponse = z.infer<typeof CreateProjectResponseSchema>;

/** GET /projects/:id/status: cheap to poll while a project is created or a task runs. */
export const ProjectStatusResponseSchema = z.object({
  projectId: IdSchema,
  status: ProjectStatusSchema,
  previewUrl: z.nullable(z.url()),
  latestVersionId: z.nullable(IdSchema),
  /** The task now running for this project, or null. */
  activeTaskId: z.nullable(IdSchema),
  updatedAt: TimestampSchema,
});
export type ProjectStatusResponse = z.infer<typeof ProjectStatusResponseSchema>;
