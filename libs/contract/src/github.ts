import * as z from 'zod/mini';
import { BranchNameSchema } from './branch';
import { IdSchema, queryIntSchema, TimestampSchema } from './primitives';

export { BranchNameSchema } from './branch';

/** A repository of the connected code-hosting account (GET /github/repositories). */
export const GithubRepositorySchema = z.object({
  /** The code host's repository id, as a string. */
  id: IdSchema,
  name: z.string(),
  /** owner/name */
  fullName: z.string(),
  owner: z.string(),
  private: z.boolean(),
  defaultBranch: z.string(),
  branches: z.array(z.string()),
  htmlUrl: z.url(),
  updatedAt: TimestampSchema,
});
export type GithubRepository = z.infer<typeof GithubRepositorySchema>;

/** The connected code-hosting account. */
export const GithubIntegrationSchema = z.object({
  accountLogin: z.string(),
  avatarUrl: z.nullable(z.url()),
  connectedAt: TimestampSchema,
});
export type GithubIntegration = z.infer<typeof GithubIntegrationSchema>;

/**
 * GET /github, and the answer of POST /github/access-code. `integration` is null when no account
 * is connected: SPEC.md 3's connected flag is "the integration response is non-empty".
 */
export const GithubIntegrationResponseSchema = z.object({
  integration: z.nullable(GithubIntegrationSchema),
  /**
   * Whether this Mason server has a GitHub OAuth App (GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET):
   * without one nobody can connect, and the screens say what to set.
   */
  configured: z.boolean(),
});
export type GithubIntegrationResponse = z.infer<typeof GithubIntegrationResponseSchema>;

/** SPEC.md 3: connected is true when the integration response is non-empty. */
export const isGithubConnected = (
  response: GithubIntegrationResponse | null | undefined,
): boolean => response?.integration != null;

/**
 * Which of the client's callback routes the code host sends the person back to:
 * /github/callback (DEFAULT), /github/callback/existing (EXISTING, importing an existing
 * repository) or /github/callback/window (WINDOW, a popup that closes itself).
 */
export const GithubCallbackFlowSchema = z.enum(['DEFAULT', 'EXISTING', 'WINDOW']);
export type GithubCallbackFlow = z.infer<typeof GithubCallbackFlowSchema>;

/** GET /github/authorize-url?flow= */
export const GithubAuthorizeUrlQuerySchema = z.object({
  flow: z.optional(GithubCallbackFlowSchema),
});
export type GithubAuthorizeUrlQuery = z.infer<typeof GithubAuthorizeUrlQuerySchema>;

/** The code host's authorize page, and the anti-forgery state it will send back. */
export const GithubAuthorizeUrlResponseSchema = z.object({
  url: z.url(),
  state: z.string().check(z.minLength(1)),
});
export type GithubAuthorizeUrlResponse = z.infer<typeof GithubAuthorizeUrlResponseSchema>;

/** POST /github/access-code: what the callback route received from the code host. */
export const GithubAccessCodeRequestSchema = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(512)),
  code: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type GithubAccessCodeRequest = z.infer<typeof GithubAccessCodeRequestSchema>;

/** GET /github/repositories?page=&query= (a page of 30, newest change first; query: by name). */
export const GithubRepositoriesQuerySchema = z.object({
  page: z.optional(queryIntSchema(1, 100)),
  query: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export type GithubRepositoriesQuery = z.infer<typeof GithubRepositoriesQuerySchema>;

/** GET /github/repositories */
export const GithubRepositoriesResponseSchema = z.object({
  repositories: z.array(GithubRepositorySchema),
  /** Another page follows this one. */
  hasMore: z.boolean(),
});
export type GithubRepositoriesResponse = z.infer<typeof GithubRepositoriesResponseSchema>;

/** `owner/name` of a repository on the code host. */
export const RepositoryFullNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Give the repository as owner/name.'),
  z.maxLength(140, 'That repository name is too long.'),
  z.regex(
    /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/,
    'Give the repository as owner/name.',
  ),
  z.refine((name) => !/\/\.{1,2}$/.test(name), 'Give the repository as owner/name.'),
);

/** A new repository's name (GitHub's rules: letters, digits, `.`, `-`, `_`). */
export const RepositoryNameSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Give the repository a name.'),
  z.maxLength(100, 'That repository name is too long.'),
  z.regex(/^[A-Za-z0-9._-]+$/, 'Use only letters, digits, ".", "-" and "_" in the name.'),
  z.refine((name) => name !== '.' && name !== '..', 'That is not a valid repository name.'),
);

/** The repository a project pushes its versions to, and the branch. */
export const ProjectRepositoryLinkSchema = z.object({
  /** The code host's repository id, as a string. */
  repositoryId: IdSchema,
  /** owner/name */
  fullName: z.string(),
  htmlUrl: z.url(),
  branch: z.string(),
  /** Mason created the repository for this project (POST .../code-hosting/repository). */
  internal: z.boolean(),
});
export type ProjectRepositoryLink = z.infer<typeof ProjectRepositoryLinkSchema>;

/**
 * Where pushing stands: IDLE (nothing linked, or nothing to push), PENDING (versions wait to be
 * pushed), PUSHED (the newest version is on the branch), FAILED (`error` says why: a push GitHub
 * refused, or a branch with commits Mason did not make, which Mason never overwrites).
 */
export const CodeHostingSyncStateSchema = z.enum(['IDLE', 'PENDING', 'PUSHED', 'FAILED']);
export type CodeHostingSyncState = z.infer<typeof CodeHostingSyncStateSchema>;

export const CodeHostingSyncSchema = z.object({
  state: CodeHostingSyncStateSchema,
  /** The newest version on the branch, its commit and when it was pushed. */
  pushedVersionId: z.nullable(IdSchema),
  pushedCommit: z.nullable(z.string()),
  pushedAt: z.nullable(TimestampSchema),
  error: z.nullable(z.string()),
  /** FAILED only: when Mason tries again on its own; null when it waits for the person (sync). */
  retryAt: z.nullable(TimestampSchema),
});
export type CodeHostingSync = z.infer<typeof CodeHostingSyncSchema>;

/** A git commit's id (40 hex digits). */
export const CommitIdSchema = z.string().check(z.regex(/^[0-9a-f]{40}$/, 'Give a commit id.'));

/**
 * Mason and GitHub both changed the same files since their last common commit: nothing is merged
 * or pushed until the person chooses, file by file (POST .../code-hosting/conflict). Both sides
 * stay retrievable whatever they choose.
 */
export const CodeHostingConflictSchema = z.object({
  /** The GitHub commit the conflict is with (the branch's head when Mason looked). */
  theirs: CommitIdSchema,
  /** How many commits GitHub has, and how many versions Mason has, the other side does not. */
  githubCommits: z.number(),
  masonVersions: z.number(),
  /** The files both changed, differently. */
  files: z.array(z.string()),
});
export type CodeHostingConflict = z.infer<typeof CodeHostingConflictSchema>;

/** GET /projects/:id/code-hosting, and the answer of the calls that change it. */
export const ProjectCodeHostingResponseSchema = z.object({
  link: z.nullable(ProjectRepositoryLinkSchema),
  sync: CodeHostingSyncSchema,
  /** Files changed on both sides, waiting for the person's choice (sync is FAILED meanwhile). */
  conflict: z.nullable(CodeHostingConflictSchema),
  /**
   * A merge waiting for the assistant: the files it was asked to merge still hold conflict
   * markers. Mason pushes the merge (a commit with both parents) once they are gone.
   */
  merging: z.nullable(z.object({ files: z.array(z.string()) })),
});
export type ProjectCodeHostingResponse = z.infer<typeof ProjectCodeHostingResponseSchema>;

/** PUT /projects/:id/code-hosting: push the project's versions to this repository and branch. */
export const LinkProjectRepositoryRequestSchema = z.object({
  fullName: RepositoryFullNameSchema,
  branch: BranchNameSchema,
});
export type LinkProjectRepositoryRequest = z.infer<typeof LinkProjectRepositoryRequestSchema>;

/** POST /projects/:id/code-hosting/repository: a new repository on the person's account. */
export const CreateProjectRepositoryRequestSchema = z.object({
  name: RepositoryNameSchema,
  private: z.boolean(),
});
export type CreateProjectRepositoryRequest = z.infer<typeof CreateProjectRepositoryRequestSchema>;

/** One side of a conflicting file: gone, text (shown), or a file shown only by name. */
export const ConflictSideSchema = z.object({
  kind: z.enum(['MISSING', 'TEXT', 'BINARY', 'TOO_LARGE']),
  /** TEXT only. */
  text: z.nullable(z.string()),
});
export type ConflictSide = z.infer<typeof ConflictSideSchema>;

/** The largest side of a conflicting file shown as text (bigger ones are chosen by name). */
export const CONFLICT_TEXT_MAX_BYTES = 200_000;

/** GET /projects/:id/code-hosting/conflict: each conflicting file, as it was and on both sides. */
export const CodeHostingConflictDetailResponseSchema = z.object({
  ...CodeHostingConflictSchema.shape,
  files: z.array(
    z.object({
      path: z.string(),
      /** The file in the last commit both sides share. */
      base: ConflictSideSchema,
      mason: ConflictSideSchema,
      github: ConflictSideSchema,
    }),
  ),
});
export type CodeHostingConflictDetailResponse = z.infer<
  typeof CodeHostingConflictDetailResponseSchema
>;

/** Keep Mason's side, GitHub's side, or ask the assistant to merge the two (text files only). */
export const ConflictChoiceSchema = z.enum(['MASON', 'GITHUB', 'ASSISTANT']);
export type ConflictChoice = z.infer<typeof ConflictChoiceSchema>;

/**
 * POST /projects/:id/code-hosting/conflict: a choice for each conflicting file. The answer is a
 * version whose commit has both sides as parents; files left to the assistant get conflict
 * markers and a message in the project's newest task asks it to merge them.
 */
export const ResolveConflictRequestSchema = z.object({
  /** The conflict's `theirs`: a choice made on an older look is refused (409). */
  theirs: CommitIdSchema,
  files: z
    .array(
      z.object({
        path: z.string().check(z.minLength(1), z.maxLength(1024)),
        keep: ConflictChoiceSchema,
      }),
    )
    .check(z.minLength(1, 'Choose a side for each file.'), z.maxLength(1000)),
});
export type ResolveConflictRequest = z.infer<typeof ResolveConflictRequestSchema>;
