import type { SessionLinks } from '@mason/server-auth';
import type { Database, Transaction, VersionRow } from '@mason/server-db';

/** One file of the project changed by an asset's upload or removal. */
export interface AssetFileEdit {
  /** `public/logo.png` */
  readonly path: string;
  /** The stored blob the file now holds, or null to remove it. */
  readonly hash: string | null;
  /** The words of the task's FILE_CHANGE entry: "Added public/logo.png". */
  readonly description: string;
}

/**
 * The project's versions as assets need them (apps/api wires it to server-tasks'
 * ProjectFileEdits): `plan` runs in one transaction under the project's lock with its newest
 * version, writes the asset's rows and answers the file edits; they become the next version,
 * recorded on the project's newest task (FILE_CHANGE entries, then VERSION). No version when the
 * edits change nothing; nothing at all when `plan` throws.
 */
export interface AssetVersionsPort {
  edit<T>(
    projectId: string,
    plan: (
      tx: Transaction,
      latest: VersionRow | null,
    ) => Promise<{ edits: readonly AssetFileEdit[]; summary: string; result: T }>,
  ): Promise<{ version: VersionRow | null; result: T }>;
}

export interface AssetsConfig {
  /** The most a project may hold, its newest files and its uploads together (PROJECT_MAX_BYTES). */
  projectMaxBytes: number;
}

/** What the assets routes are built from (apps/api composes it). */
export interface AssetsContext {
  config: AssetsConfig;
  db: Database;
  /** Signs the thumbnail links of assets for the caller's session, and opens them. */
  links: Pick<SessionLinks, 'sign' | 'open'>;
  versions: AssetVersionsPort;
}
