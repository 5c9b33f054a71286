import * as z from 'zod/mini';
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
