import * as z from 'zod/mini';
import { IdSchema, TimestampSchema } from '../primitives';

/**
 * GET and POST /projects/:id/deployment?newApi=true (SPEC.md 7). Mason has one publishing
 * pipeline: `newApi=true` selects it, and leaving the flag out means the same.
 */
export const DeploymentQuerySchema = z.object({ newApi: z.optional(z.stringbool()) });
export type DeploymentQuery = z.output<typeof DeploymentQuerySchema>;

/** The longest GET /projects/:id/deployment?waitFor= waits before it answers anyway. */
export const DEPLOYMENT_WAIT_MS = 20_000;

/**
 * GET /projects/:id/deployment's query: `waitFor` names a deployment on its way (QUEUED or
 * BUILDING); the answer then comes as soon as it is LIVE or FAILED (or after DEPLOYMENT_WAIT_MS),
 * so a client learns the end at once instead of asking again and again. Any other id answers at
 * once.
 */
export const DeploymentStateQuerySchema = z.extend(DeploymentQuerySchema, {
  waitFor: z.optional(IdSchema),
});
export type DeploymentStateQuery = z.output<typeof DeploymentStateQuerySchema>;

/**
 * QUEUED -> BUILDING -> LIVE or FAILED. A LIVE deployment becomes SUPERSEDED when another one
 * goes live (publish or rollback) and OFFLINE when the app is unpublished.
 */
export const DeploymentStatusSchema = z.enum([
  'QUEUED',
  'BUILDING',
  'LIVE',
  'FAILED',
  'SUPERSEDED',
  'OFFLINE',
]);
export type DeploymentStatus = z.infer<typeof DeploymentStatusSchema>;

export const DeploymentSchema = z.object({
  id: IdSchema,
  projectId: IdSchema,
  versionId: IdSchema,
  /** The version's number in the project (0 is the starter app). */
  versionIndex: z.number().check(z.int(), z.gte(0)),
  status: DeploymentStatusSchema,
  /** The public address while LIVE, else null. */
  url: z.nullable(z.url()),
  /** Why it FAILED, in words a person can act on. */
  error: z.nullable(z.string()),
  /** What the build printed: warnings and errors with file and line. */
  buildLog: z.array(z.string()),
  /** Whether it can be made LIVE again at once (it built, and is not LIVE now). */
  canRollBack: z.boolean(),
  createdAt: TimestampSchema,
  startedAt: z.nullable(TimestampSchema),
  finishedAt: z.nullable(TimestampSchema),
  updatedAt: TimestampSchema,
});
export type Deployment = z.infer<typeof DeploymentSchema>;

/**
 * GET /projects/:id/deployment: the newest deployment (or null when never published), the app's
 * public address (the same across publishes), and the history, newest first.
 */
export const DeploymentResponseSchema = z.object({
  deployment: z.nullable(DeploymentSchema),
  /** The deployment being served, or null (never published, or unpublished). */
  live: z.nullable(DeploymentSchema),
  /** The app's name in its address (`{slug}.{APPS_DOMAIN}`), or null before the first publish. */
  slug: z.nullable(z.string()),
  /** The app's public address, or null before the first publish. */
  url: z.nullable(z.url()),
  /** The project's newest version: newer than the live one means there is something to update. */
  latestVersionIndex: z.number().check(z.int(), z.gte(0)),
  history: z.array(DeploymentSchema),
});
export type DeploymentResponse = z.infer<typeof DeploymentResponseSchema>;

/** POST /projects/:id/deployment: publish a version (the newest by default). Answers the Deployment. */
export const CreateDeploymentRequestSchema = z.object({ versionId: z.optional(IdSchema) });
export type CreateDeploymentRequest = z.infer<typeof CreateDeploymentRequestSchema>;

/** POST /projects/:id/deployment/rollback: serve an earlier deployment again, without building. */
export const RollbackDeploymentRequestSchema = z.object({ deploymentId: IdSchema });
export type RollbackDeploymentRequest = z.infer<typeof RollbackDeploymentRequestSchema>;

/** Reserved labels no app may take: Mason's own names and common service names. */
export const RESERVED_APP_SLUGS: readonly string[] = Object.freeze([
  'admin',
  'api',
  'app',
  'apps',
  'assets',
  'auth',
  'billing',
  'blog',
  'cdn',
  'dashboard',
  'docs',
  'help',
  'login',
  'mail',
  'mason',
  'preview',
  'signup',
  'static',
  'status',
  'support',
  'www',
]);

/** An app's name in its public address: `[a-z0-9-]{3,63}`, not reserved, not starting with `p-`. */
export const AppSlugSchema = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.minLength(3, 'Use at least 3 characters.'),
  z.maxLength(63, 'Use at most 63 characters.'),
  z.regex(
    /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/,
    'Use lower-case letters, digits and hyphens, not at the start or end.',
  ),
  z.refine((slug) => !slug.startsWith('p-'), 'Names starting with “p-” are kept for previews.'),
  z.refine((slug) => !RESERVED_APP_SLUGS.includes(slug), 'That name is reserved. Choose another.'),
);

/** POST /projects/:id/deployment/slug: change the app's address; the old one redirects for 30 days. */
export const ChangeAppSlugRequestSchema = z.object({ slug: AppSlugSchema });
export type ChangeAppSlugRequest = z.infer<typeof ChangeAppSlugRequestSchema>;

/** How long an app's old address keeps redirecting to its new one (and is kept from others). */
export const OLD_SLUG_REDIRECT_DAYS = 30;

/**
 * How many times a day one project's app may change its name: each change holds the old name
 * for OLD_SLUG_REDIRECT_DAYS, so unlimited changes would let one project squat names.
 */
export const APP_SLUG_CHANGES_PER_DAY = 5;

/** Why an app's name cannot change while the app is not published (nothing is served at it). */
export const APP_SLUG_NEEDS_PUBLISHED_APP =
  'Publish the app before changing its name: only a published app has an address.';

/** Why an app's name cannot change again yet (APP_SLUG_CHANGES_PER_DAY), and when it can. */
export function appSlugChangeLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const hours = Math.ceil(minutes / 60);
  const wait = minutes < 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${hours} hours`;
  return `An app’s name can change ${APP_SLUG_CHANGES_PER_DAY} times a day. You can change it again in ${wait}.`;
}
