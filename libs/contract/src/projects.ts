import * as z from 'zod/mini';
import { CSS_PROPERTY_PATTERN } from './preview-bridge-guard';
import { BranchNameSchema } from './branch';
import { ModelSchema, ProjectTypeSchema } from './enums';
import { ProjectDescriptionSchema, ProjectNameSchema } from './project-fields';
import { TaskDescriptionSchema } from './task-fields';
import { FilePathSchema, IdSchema, PagePathSchema, TimestampSchema } from './primitives';
import { MessageImagesSchema, TaskSchema, VersionSchema } from './tasks';

// Form-facing fields and requests live in project-fields.ts; re-exported here.
export {
  NewProjectFormSchema,
  ProjectDescriptionSchema,
  ProjectNameSchema,
} from './project-fields';
export type { NewProjectForm } from './project-fields';

/** Where a project's workspace stands: being set up, ready, building a preview, or broken. */
export const ProjectStatusSchema = z.enum(['CREATING', 'READY', 'BUILDING', 'FAILED']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

/** A database service attached to a project (POST /projects/:id/supabase/attach). */
export const DatabaseAttachmentSchema = z.object({
  provider: z.literal('SUPABASE'),
  projectRef: z.string(),
  apiUrl: z.url(),
  attachedAt: TimestampSchema,
});
export type DatabaseAttachment = z.infer<typeof DatabaseAttachmentSchema>;

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
  /** SPEC.md 3: the first task of a project has an id. */
  firstTaskId: z.nullable(IdSchema),
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
  images: z.optional(MessageImagesSchema),
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

export const CreateProjectResponseSchema = z.object({
  project: ProjectSchema,
  firstTask: TaskSchema,
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

// ---- Files and code ----

/** GET /projects/:id/files?filePath=: one file, every file under a folder, or (no filePath) all. */
export const ProjectFilesQuerySchema = z.object({ filePath: z.optional(FilePathSchema) });
export type ProjectFilesQuery = z.infer<typeof ProjectFilesQuerySchema>;

export const ProjectFileSchema = z.object({
  path: FilePathSchema,
  /** utf8 text, or base64 for binary files. */
  content: z.string(),
  encoding: z.enum(['utf8', 'base64']),
  size: z.number().check(z.int(), z.gte(0)),
});
export type ProjectFile = z.infer<typeof ProjectFileSchema>;

/** The files of the project's newest version (versionId null: no version yet, no files). */
export const ProjectFilesResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  files: z.array(ProjectFileSchema),
});
export type ProjectFilesResponse = z.infer<typeof ProjectFilesResponseSchema>;

/** GET /projects/:id/filepaths: every path of the newest version, sorted. */
export const ProjectFilePathsResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  /** That version's index in the project (the files page reads "Version N"); null with no version. */
  versionIndex: z.optional(z.nullable(z.number().check(z.int(), z.gte(0)))),
  filePaths: z.array(FilePathSchema),
});
export type ProjectFilePathsResponse = z.infer<typeof ProjectFilePathsResponseSchema>;

/** GET /projects/:id/code: a short-lived link to a zip of the newest version's source. */
export const ProjectCodeResponseSchema = z.object({
  versionId: z.nullable(IdSchema),
  downloadUrl: z.string().check(z.minLength(1)),
  fileCount: z.number().check(z.int(), z.gte(0)),
  sizeBytes: z.number().check(z.int(), z.gte(0)),
  expiresAt: TimestampSchema,
});
export type ProjectCodeResponse = z.infer<typeof ProjectCodeResponseSchema>;

// ---- Theme and visual edits ----

/** The base colours a generated app's theme can start from (shadcn/ui's vocabulary). */
export const ThemeNameSchema = z.enum([
  'zinc',
  'slate',
  'stone',
  'gray',
  'neutral',
  'red',
  'rose',
  'orange',
  'green',
  'blue',
  'yellow',
  'violet',
]);
export type ThemeName = z.infer<typeof ThemeNameSchema>;

/** POST /projects/:id/theme (SPEC.md 3): the new globals.css, and a chat line saying what changed. */
export const ProjectThemeRequestSchema = z.object({
  globalsCssContent: z
    .string()
    .check(
      z.minLength(1, 'The theme is empty.'),
      z.maxLength(200_000, 'That stylesheet is too large.'),
    ),
  messageContent: z.string().check(z.trim(), z.maxLength(10_000)),
});
export type ProjectThemeRequest = z.infer<typeof ProjectThemeRequestSchema>;

/** Applying a theme writes globals.css and makes a new version. */
export const ProjectThemeResponseSchema = z.object({
  globalsCssContent: z.string(),
  version: VersionSchema,
});
export type ProjectThemeResponse = z.infer<typeof ProjectThemeResponseSchema>;

/** SPEC.md 3 visual edit command: change an element, or delete it. */
export const VisualEditCommandSchema = z.enum(['UPDATE', 'DELETE']);
export type VisualEditCommand = z.infer<typeof VisualEditCommandSchema>;

/** The element selected in the preview, from the source attributes the preview build adds. */
export const SelectedLayoutSchema = z.object({
  componentName: z.string().check(z.minLength(1), z.maxLength(200)),
  filePath: FilePathSchema,
  line: z.number().check(z.int(), z.gte(1)),
  column: z.number().check(z.int(), z.gte(1)),
  tagName: z.string().check(z.minLength(1), z.maxLength(100)),
  page: PagePathSchema,
});
export type SelectedLayout = z.infer<typeof SelectedLayoutSchema>;

/** A CSS property in camelCase or kebab-case ('backgroundColor', 'margin-top', '--radius'). */
const CssPropertySchema = z
  .string()
  .check(z.regex(CSS_PROPERTY_PATTERN, 'Not a CSS property.'), z.maxLength(100));

/** SPEC.md 3: a visual edit message. UPDATE carries at least one new value. */
export const VisualEditSchema = z
  .object({
    selectedLayout: SelectedLayoutSchema,
    command: VisualEditCommandSchema,
    newClassValue: z.optional(z.string().check(z.maxLength(10_000))),
    /** The class value the preview rendered before the change (ours): tells a class the source does not write from one it does. */
    previousClassValue: z.optional(z.string().check(z.maxLength(10_000))),
    newTextContent: z.optional(z.string().check(z.maxLength(10_000))),
    newStyle: z.optional(z.record(CssPropertySchema, z.string().check(z.maxLength(1000)))),
  })
  .check(
    z.refine(
      (edit) =>
        edit.command === 'DELETE' ||
        edit.newClassValue !== undefined ||
        edit.newTextContent !== undefined ||
        edit.newStyle !== undefined,
      { message: 'An update changes the class, the text or the style.' },
    ),
  );
export type VisualEdit = z.infer<typeof VisualEditSchema>;

/** POST /projects/:id/visual-edits: the pending edits, applied together as one new version. */
export const VisualEditsRequestSchema = z.object({
  taskId: z.optional(IdSchema),
  /** The version the person saw when making the edits (ours): a newer one refuses them (409). */
  baseVersionId: IdSchema,
  edits: z
    .array(VisualEditSchema)
    .check(z.minLength(1, 'There is nothing to save.'), z.maxLength(100)),
});
export type VisualEditsRequest = z.infer<typeof VisualEditsRequestSchema>;
export const VisualEditsResponseSchema = z.object({ version: VersionSchema });
export type VisualEditsResponse = z.infer<typeof VisualEditsResponseSchema>;

// ---- Live preview ----

/**
 * GET /projects/:id/preview (ours): where the newest version runs. `url` opens the preview on
 * its own origin with a signed access token (it lasts `expiresAt`); `origin` is what Mason's
 * window checks the bridge's messages against.
 */
export const ProjectPreviewResponseSchema = z.object({
  url: z.url(),
  origin: z.url(),
  /** The newest version's index; the preview follows newer ones by itself. */
  versionIndex: z.number().check(z.int(), z.gte(0)),
  versionId: IdSchema,
  expiresAt: TimestampSchema,
});
export type ProjectPreviewResponse = z.infer<typeof ProjectPreviewResponseSchema>;

// ---- Deployment ----

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

// ---- Transfer ----

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

// ---- Domains ----

export const DomainNameSchema = z
  .pipe(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'Enter a domain.'),
        z.maxLength(253, 'That domain is too long.'),
      ),
    z.hostname('Enter a domain like app.example.com.'),
  )
  .check(
    z.refine(
      (domain) => domain.includes('.') && !domain.endsWith('.'),
      'Enter a domain like app.example.com.',
    ),
  );

export const DomainStatusSchema = z.enum(['PENDING', 'ACTIVE', 'FAILED']);
export type DomainStatus = z.infer<typeof DomainStatusSchema>;

/** A DNS record the person must create for the domain to verify. */
export const DnsRecordSchema = z.object({
  type: z.enum(['A', 'AAAA', 'CNAME', 'TXT']),
  name: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof DnsRecordSchema>;

export const DomainSchema = z.object({
  domain: z.string(),
  status: DomainStatusSchema,
  dnsRecords: z.array(DnsRecordSchema),
  createdAt: TimestampSchema,
  verifiedAt: z.nullable(TimestampSchema),
});
export type Domain = z.infer<typeof DomainSchema>;

/** GET /projects/:id/domains */
export const DomainsResponseSchema = z.object({ domains: z.array(DomainSchema) });
export type DomainsResponse = z.infer<typeof DomainsResponseSchema>;

/** POST (answers the Domain) and DELETE (with this body) /projects/:id/domains. */
export const DomainRequestSchema = z.object({ domain: DomainNameSchema });
export type DomainRequest = z.infer<typeof DomainRequestSchema>;

// ---- Environment variables ----

export const EnvKeySchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Enter a key.'),
    z.maxLength(128, 'That key is too long.'),
    z.regex(
      /^[A-Za-z_][A-Za-z0-9_]*$/,
      'Use letters, digits and underscores, not starting with a digit.',
    ),
  );
export const EnvValueSchema = z.string().check(z.maxLength(32_768, 'That value is too long.'));

/** SPEC.md 3: an environment variable (key, value). */
export const EnvVariableSchema = z.object({ key: EnvKeySchema, value: EnvValueSchema });
export type EnvVariable = z.infer<typeof EnvVariableSchema>;

/** GET /projects/:id/env, sorted by key. */
export const EnvVariablesResponseSchema = z.object({ variables: z.array(EnvVariableSchema) });
export type EnvVariablesResponse = z.infer<typeof EnvVariablesResponseSchema>;

/** POST /projects/:id/env: sets (adds or replaces) one variable; answers it. */
export const SetEnvVariableRequestSchema = EnvVariableSchema;
export type SetEnvVariableRequest = z.infer<typeof SetEnvVariableRequestSchema>;

/** DELETE /projects/:id/env/:key */
export const EnvVariableParamsSchema = z.object({ id: IdSchema, key: EnvKeySchema });
export type EnvVariableParams = z.infer<typeof EnvVariableParamsSchema>;

// ---- Database attach and fork ----

/**
 * POST /projects/:id/supabase/attach (30 s). A wrong database password is a 400 whose message is
 * ErrorMessages.databasePasswordInvalid, which the client shows as it is.
 */
export const DatabaseAttachRequestSchema = z.object({
  projectRef: z
    .string()
    .check(z.trim(), z.minLength(1, 'Choose a database project.'), z.maxLength(64)),
  databasePassword: z
    .string()
    .check(z.minLength(1, 'Enter the database password.'), z.maxLength(256)),
});
export type DatabaseAttachRequest = z.infer<typeof DatabaseAttachRequestSchema>;

/** The attachment, and the env variable keys it wrote for the generated app. */
export const DatabaseAttachResponseSchema = z.object({
  database: DatabaseAttachmentSchema,
  envKeys: z.array(z.string()),
});
export type DatabaseAttachResponse = z.infer<typeof DatabaseAttachResponseSchema>;

/** POST /projects/:id/fork (30 s): a copy of the project and its newest version; answers the new Project. */
export const ForkProjectRequestSchema = z.object({ name: z.optional(ProjectNameSchema) });
export type ForkProjectRequest = z.infer<typeof ForkProjectRequestSchema>;

// ---- Assets and static files (multipart uploads) ----

/** SPEC.md 3: an asset (a file the generated app serves, e.g. a logo). */
export const AssetSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.gte(0)),
  /** Where the generated app (and the browser) load it from. */
  url: z.string().check(z.minLength(1)),
  createdAt: TimestampSchema,
});
export type Asset = z.infer<typeof AssetSchema>;

/** GET /projects/:id/assets; POST (multipart, field `file`) answers the Asset. */
export const AssetsResponseSchema = z.object({ assets: z.array(AssetSchema) });
export type AssetsResponse = z.infer<typeof AssetsResponseSchema>;

/** DELETE /projects/:id/assets/:assetId */
export const AssetParamsSchema = z.object({ id: IdSchema, assetId: IdSchema });
export type AssetParams = z.infer<typeof AssetParamsSchema>;

/** A file uploaded to attach to a task or message (its id goes into staticFiles). */
export const StaticFileSchema = z.object({
  id: IdSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().check(z.int(), z.gte(0)),
  createdAt: TimestampSchema,
});
export type StaticFile = z.infer<typeof StaticFileSchema>;

/** POST /projects/:id/static-files (multipart, field `files`, repeated). SPEC.md 3: files, each with id. */
export const StaticFilesUploadResponseSchema = z.object({ files: z.array(StaticFileSchema) });
export type StaticFilesUploadResponse = z.infer<typeof StaticFilesUploadResponseSchema>;
