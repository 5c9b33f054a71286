import type {
  AgentConfig,
  AgentDatabase,
  OutsideTools,
  PreviewErrorReport,
  TurnLimits,
  UnreachableServer,
} from '@mason/server-agent';
import type { SessionLinks } from '@mason/server-auth';
import type { BillingConfig } from '@mason/server-billing';
import type { Database, Executor, VersionManifest } from '@mason/server-db';
import type { CallerSession, EventStreams } from '@mason/server-http';
import type { SecretBox } from '@mason/server-projects';
import type { BlobCollector } from './blob-collector';
import type { TaskLoop } from './task-loop';

export interface TasksConfig {
  /** The AI providers and their keys. */
  agent: AgentConfig;
  /** The bounds of one turn of the assistant. */
  turnLimits: TurnLimits;
  /** The price table budgets and turn costs are counted by. */
  billing: BillingConfig;
  /** Run turns of the assistant in this process (WORKER=false: API only). */
  worker: boolean;
  /** Turns this process runs at once. */
  workerConcurrency: number;
  /** A running turn's claim lasts this long without a heartbeat; then another worker takes it over. */
  turnLeaseSeconds: number;
  /** The most a project may hold, its newest files and its uploads together. */
  projectMaxBytes: number;
}

/** The preview as tasks need it (apps/api wires it to server-preview). */
export interface TasksPreviewPort {
  /** Where a version (or, without an index, the newest) runs: a link to show, without a token. */
  url(projectId: string, versionIndex?: number): string;
  /** The same with a token for the reader's session: what a frame opens. */
  signedUrl(session: Pick<CallerSession, 'id'>, projectId: string, versionIndex: number): string;
  /** The newest runtime errors the project's previews reported, for the agent. */
  recentErrors(projectId: string): Promise<PreviewErrorReport[]>;
}

/**
 * A project's built-in database as the assistant's tools need it (issue 34): apps/api wires it
 * to server-app-data (the development database). Without it, turns have no database tools.
 */
export type TasksAppDatabasePort = (projectId: string) => AgentDatabase;

/**
 * Time travel of a project's development database (issue 34): a revert brings the data back to
 * what the version expects. `revert` runs before the revert's version is made; when that version
 * cannot be made after all, `undo` puts the data back as it was.
 */
export interface TasksTimeTravelPort {
  revert(
    projectId: string,
    from: { id: string; manifest: VersionManifest } | null,
    target: { index: number; manifest: VersionManifest },
  ): Promise<{
    restoredFrom: number | null;
    /**
     * The database is an attached service's: the migrations its schema went back through (undone)
     * and forward through (applied); its data stayed as it was.
     */
    attached?: { readonly reverted: readonly string[]; readonly applied: readonly string[] };
    undo(): Promise<void>;
  }>;
}

/**
 * The person's MCP servers as a turn needs them (issue 35): apps/api wires it to server-mcp.
 * `open` connects to the servers the project may use and lists their tools (a server that cannot
 * be reached is in `unreachable`); `setPolicy` is what "always" and "never" on an approval set.
 */
export interface TasksMcpPort {
  open(
    userId: string,
    projectId: string,
  ): Promise<{
    readonly tools: OutsideTools;
    readonly unreachable: readonly UnreachableServer[];
    close(): Promise<void>;
  }>;
  setPolicy(
    userId: string,
    serverId: string,
    tool: string,
    policy: 'ALWAYS' | 'NEVER',
  ): Promise<void>;
}

/** People's own OpenRouter keys (issue 35 §2): apps/api wires it to server-open-router. */
export interface TasksOpenRouterKeysPort {
  /** The person's key, or null when they did not connect OpenRouter. */
  keyOf(userId: string): Promise<string | null>;
  /** Whether they connected OpenRouter, read in `tx` (a task's default model is chosen there). */
  hasKey(tx: Executor, userId: string): Promise<boolean>;
}

/** What the tasks routes are built from (apps/api composes it). */
export interface TasksContext {
  config: TasksConfig;
  db: Database;
  /** The bus, the model registry, the turn queue and runner, the stores. */
  loop: TaskLoop;
  /** Signs links a browser opens without Mason's header (attached images). */
  links: SessionLinks;
  /** Open event streams, by session: they end with it. */
  streams: EventStreams;
  /** Encrypts the environment variables a person gives the assistant. */
  secrets: SecretBox;
  /** Deletes blobs that nothing references any more. */
  blobs: BlobCollector;
  preview: TasksPreviewPort;
}
