import type * as z from 'zod/mini';
import {
  API_TIMEOUT_MS,
  DATABASE_ATTACH_TIMEOUT_MS,
  FILE_LISTING_TIMEOUT_MS,
  FORK_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  JSON_BODY_LIMIT_BYTES,
} from '../constants';
import { ASSET_MAX_BYTES, STATIC_FILE_MAX_BYTES, STATIC_FILES_MAX_COUNT } from '../uploads';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call:
 * - `public`: anyone (sign-up, login, the client's configuration);
 * - `session`: the bearer token of a live session, checked before the body is read, so a caller
 *   without one learns nothing about the body and costs no parsing;
 * - `link`: a signed link in the URL, made for a live session and dead once it ends (a code
 *   download, an attached image), for what a browser loads without a header;
 * - `signature`: a payment provider's webhook, signed over its raw body (Stripe-Signature).
 */
export type CallAuth = 'public' | 'session' | 'link' | 'signature';

/** The kinds of ids that name something of one person's (the cross-tenant matrix uses every kind). */
export type IdKind =
  | 'project'
  | 'task'
  | 'version'
  | 'log'
  | 'blob'
  | 'staticFile'
  | 'envKey'
  | 'deployment'
  | 'asset'
  | 'checkout'
  | 'mcpServer';

/** A contract schema (zod/mini): the server validates with it, the fakes parse with it. */
export type CallSchema = z.ZodMiniType;

/** The groups of the API description (OpenAPI tags). */
export type CallTag =
  | 'config'
  | 'waitlist'
  | 'auth'
  | 'users'
  | 'subscriptions'
  | 'payments'
  | 'github'
  | 'supabase'
  | 'mcp'
  | 'openRouter'
  | 'projects'
  | 'domains'
  | 'tasks'
  | 'dev';

/** The error statuses a call may answer (each with the catalogue's ApiErrorBody). */
export type CallErrorStatus = 400 | 401 | 403 | 404 | 409 | 411 | 413 | 415 | 422 | 429 | 500;

/**
 * How long a client waits for an answer: `default` (API_TIMEOUT_MS), or one of SPEC.md 9's longer
 * waits (a file listing, attaching a database, forking, an upload).
 */
export type TimeoutClass = 'default' | 'fileListing' | 'databaseAttach' | 'fork' | 'upload';

/** The milliseconds of each timeout class. */
export const CALL_TIMEOUTS_MS: Readonly<Record<TimeoutClass, number>> = {
  default: API_TIMEOUT_MS,
  fileListing: FILE_LISTING_TIMEOUT_MS,
  databaseAttach: DATABASE_ATTACH_TIMEOUT_MS,
  fork: FORK_TIMEOUT_MS,
  upload: UPLOAD_TIMEOUT_MS,
};

/**
 * What a client needs to send a call: its method, path and time-out. Each domain's table keeps
 * these in a schema-free object of their own (`accountCallRoutes`) that its entries spread, so a
 * browser's endpoints can name a call without loading its schemas (and zod) on the first page.
 */
export interface CallRoute {
  readonly method: HttpMethod;
  /** Relative to API_PREFIX, with Fastify's `:param` segments (ApiRoutes). */
  readonly path: string;
  /** How long the client waits (default `default`). */
  readonly timeout?: TimeoutClass;
}

export interface CallSpec extends CallRoute {
  readonly auth: CallAuth;
  /**
   * A `public` call that answers a signed-in caller more (GET /models: the models on their own
   * OpenRouter key): a bearer token that names a live session is read, any other is ignored.
   */
  readonly optionalSession?: true;
  /** The largest request body accepted, in bytes; larger ones get 413 before they are read. */
  readonly bodyLimit: number;
  /**
   * Where the call takes ids of someone's things, and their kind: `params.id`, `query.projectId`,
   * `body.versionId`, `body.staticFiles[]` (every item of an array).
   */
  readonly ids?: Readonly<Record<string, IdKind>>;
  /**
   * The answer of an id field of a uuid kind (in `ids`) that is no uuid, when it is not the kind's
   * 404 (ID_NOT_FOUND_MESSAGES): another 404 message, or null when the call answers it itself
   * (the same way as an id that names nothing: e.g. a 400 or a 409 of its own).
   */
  readonly notFound?: Readonly<Record<string, string | null>>;
  /** Served only in test and benchmark set-ups (EXPOSE_OUTBOX, BENCH_ROUTES), never in production. */
  readonly dev?: true;
  /** One line for the API description. */
  readonly summary: string;
  /** More for the API description (error cases worth naming). */
  readonly description?: string;
  readonly tag: CallTag;
  /** The path parameters' schema. */
  readonly params?: CallSchema;
  /** The query string's schema. */
  readonly query?: CallSchema;
  /** The JSON body's schema. */
  readonly body?: CallSchema;
  /** The body is multipart/form-data (an upload), read by the route itself. */
  readonly multipart?: true;
  /** The status of a successful answer (default 200). */
  readonly status?: 200 | 201 | 202 | 204;
  /** The JSON answer's schema; none for 204 and for the answers below. */
  readonly response?: CallSchema;
  /** The media type of an answer that is not JSON (an event stream, a zip, an image, an asset of any type). */
  readonly produces?: 'text/event-stream' | 'application/zip' | 'image/*' | '*/*';
  /** The error statuses worth naming in the API description. */
  readonly errors?: readonly CallErrorStatus[];
  /**
   * `false`: a call of SPEC.md the server does not serve yet (the client and its fakes have it). A
   * server route for it does not start; a test fails when a built call has no route.
   */
  readonly built?: false;
}

/** A multipart part's headers and boundary, at most (busboy refuses longer headers). */
const MULTIPART_PART_OVERHEAD_BYTES = 16 * 1024;
/** POST /projects/:id/static-files: at most STATIC_FILES_MAX_COUNT files of STATIC_FILE_MAX_BYTES. */
export const STATIC_FILES_BODY_LIMIT_BYTES =
  STATIC_FILES_MAX_COUNT * (STATIC_FILE_MAX_BYTES + MULTIPART_PART_OVERHEAD_BYTES);

/** POST /projects/:id/assets: one file of ASSET_MAX_BYTES with its part's headers. */
export const ASSET_UPLOAD_BODY_LIMIT_BYTES = ASSET_MAX_BYTES + MULTIPART_PART_OVERHEAD_BYTES;

/** Calls without a body still get a limit: a stray body is refused before it is read. */
export const NO_BODY = 1024;
export const JSON_BODY = JSON_BODY_LIMIT_BYTES;
/** Stripe's events of Mason's invoices are a few kilobytes; a larger body is not one of them. */
export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

export const projectIds = { 'params.id': 'project' } as const;
export const taskIds = { 'params.id': 'task' } as const;

/** What a call's JSON body is, as a client sends it (never for calls without a JSON body). */
export type CallBodyOf<C extends CallSpec> = C extends { readonly body: infer S extends CallSchema }
  ? z.input<S>
  : never;

/** The milliseconds a client waits for a call's answer. */
export function callTimeoutMs(call: CallRoute): number {
  return CALL_TIMEOUTS_MS[call.timeout ?? 'default'];
}

/** Whether the server serves the call (entries without `built: false`). */
export function isBuilt(call: CallSpec): boolean {
  return call.built !== false;
}
