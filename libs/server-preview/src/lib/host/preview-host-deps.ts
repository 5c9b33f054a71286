import type { SessionLinks } from '@mason/server-auth';
import type { Database } from '@mason/server-db';
import type { EventStreams } from '@mason/server-http';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { PreviewUrlConfig } from './preview-urls';

/** The slice of Mason's configuration the preview host reads. */
export interface PreviewHostConfig extends PreviewUrlConfig {
  /** PUBLIC_URL: Mason's own origin, the one that frames previews (with its loopback twins). */
  readonly publicUrl: string;
}

/** A version the project gained (a turn, a revert, a visual edit): the live stream announces it. */
export interface PreviewVersionEvent {
  readonly type: 'version';
  readonly versionId: string;
  readonly index: number;
}

/** The project's environment variables changed: its newest version builds again with them. */
export interface PreviewEnvEvent {
  readonly type: 'env';
}

/**
 * Files being written (an assistant's turn), before a version stores them: path -> text, null
 * for a deleted file. A live page is hot-updated to them when it can be; never reloaded for them.
 */
export interface PreviewFilesEvent {
  readonly type: 'files';
  readonly changes: Readonly<Record<string, string | null>>;
}

/**
 * The files written since the newest version settled: stored as that version, or discarded. A
 * live page that followed them is brought back to the newest version if it shows other files.
 */
export interface PreviewSettledEvent {
  readonly type: 'settled';
}

/** What a live preview follows of its project. */
export type PreviewProjectEvent =
  PreviewVersionEvent | PreviewEnvEvent | PreviewFilesEvent | PreviewSettledEvent;

/** One of a project's environment variables, its value decrypted. */
export interface PreviewEnvVariable {
  readonly key: string;
  readonly value: string;
}

/** What a runtime error of the newest version asks of the task that made it. */
export interface PreviewRepairRequest {
  readonly versionIndex: number;
  readonly message: string;
}

/**
 * What the preview host needs from the rest of Mason, built by apps/api: a narrow port per
 * need, so the library knows nothing of the task loop or the app's context.
 */
export interface PreviewHostDeps {
  readonly config: PreviewHostConfig;
  readonly db: Database;
  /** Opens the signed preview links (tokens) a preview request carries. */
  readonly links: Pick<SessionLinks, 'open'>;
  /** Open event streams by session: a live stream ends with the session its link was made for. */
  readonly streams: Pick<EventStreams, 'add'>;
  /**
   * Calls `listener` with each new version of the project, each change of its environment
   * variables, and the files written before a version stores them, until the returned function
   * is called.
   */
  watchProject(projectId: string, listener: (event: PreviewProjectEvent) => void): () => void;
  /**
   * The project's environment variables. Only the `VITE_` ones reach the app's code (viteEnv);
   * the preview host neither logs nor keeps the others.
   */
  envVariables(projectId: string): Promise<readonly PreviewEnvVariable[]>;
  /** The newest version threw in the person's preview: the task that made it repairs it. */
  repair(taskId: string, request: PreviewRepairRequest): Promise<unknown>;
  /** The logger of Mason's server; the preview host logs through a child of it. */
  readonly log: FastifyBaseLogger;
  /**
   * The app's data API (its database's /rest/v1 and sign-in's /auth/v1), mounted on every
   * preview host for the project the host names; absent, those paths are the app's pages.
   */
  readonly appData?: FastifyPluginAsync<PreviewAppDataMount>;
}

/** What the preview host tells the data API it mounts: which project a request is for. */
export interface PreviewAppDataMount {
  readonly projectOf: (request: FastifyRequest) => string | null;
}
