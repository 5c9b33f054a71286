import type { ImageAttachment, Model, Task } from '@mason/contract';
import type { SessionLinks } from '@mason/server-auth';
import type { BudgetCheck } from '@mason/server-billing';
import type { Database, Transaction } from '@mason/server-db';
import type { BackgroundTasks, CallerSession } from '@mason/server-http';
import type { SecretBox } from './secret-box';

/**
 * The tasks domain as projects need it (apps/api wires it to server-tasks): a new project's first
 * task is made in the project's own transaction, and a deleted project's tasks stop.
 */
export interface ProjectTasksPort<Prepared = unknown> {
  checkBudget(userId: string): Promise<BudgetCheck>;
  /** The most projects the person's plan allows (PLAN_TERMS' maxProjects), or null: no limit. */
  maxProjects(userId: string): Promise<number | null>;
  /** Checks and stores the description's images, before the transaction (no project exists yet). */
  prepareFirstMessage(input: {
    content: string;
    images?: readonly ImageAttachment[];
  }): Promise<Prepared>;
  /** Creates the first task with its first turn queued, inside the project's transaction. */
  createFirstTask(
    tx: Transaction,
    prepared: Prepared,
    values: { projectId: string; userId: string; description: string; model?: Model },
  ): Promise<{ task: Task; turnId: string }>;
  /** The turn may run now (after the transaction committed). */
  startTurn(turnId: string): Promise<void>;
  /**
   * The project is gone: its tasks stop at once, and what they held (files, its app's databases)
   * is collected later.
   */
  projectDeleted(projectId: string, taskIds: readonly string[]): void;
}

/** A preview URL with a fresh token for the caller's session (server-preview's preview access). */
export interface SignedPreview {
  url: string;
  origin: string;
  expiresAt: Date;
}

/** The preview as projects need it (apps/api wires it to server-preview). */
export interface ProjectPreviewPort {
  /**
   * The project's environment variables changed (stored already): its previews build again with
   * them, and open ones reload.
   */
  envChanged(projectId: string): void;
  /** Where the project's newest version runs (no token: a link to show, not to open). */
  url(projectId: string): string;
  /** The same with a token for the caller's session: what a frame opens. */
  signed(session: Pick<CallerSession, 'id'>, projectId: string): SignedPreview;
  /** Where a published app with this slug is served (server-deploy's appUrl). */
  appUrl(slug: string): string;
}

/** A repository's files, read for an import (EXTERNAL project). */
export interface ImportedRepository {
  /** The repository's name: the new project's name unless the person gave one. */
  readonly name: string;
  /** The address it was cloned from, normalised. */
  readonly url: string;
  readonly branch: string;
  readonly commit: string;
  /** GitHub's id of a repository imported through the person's connection; null by address. */
  readonly repositoryId: string | null;
  /** Its tracked files, paths as git lists them. */
  readonly files: readonly { readonly path: string; readonly content: Uint8Array }[];
  /** Entries that are not files: symbolic links and submodules. */
  readonly skipped: readonly string[];
}

/** Why an import failed: the answer's status and a sentence for the person. */
export interface RepositoryImportRefusal {
  readonly status: 400 | 409 | 422;
  readonly message: string;
}

/** Reading repositories to import (apps/api wires it to server-code-hosting's importer). */
export interface ProjectRepositoriesPort<Imported extends ImportedRepository = ImportedRepository> {
  /** A public repository by its address, or one of the person's connected account by its id. */
  import(request: {
    userId: string;
    url?: string;
    repositoryId?: string;
    branch?: string;
  }): Promise<{ ok: true; repository: Imported } | { ok: false; refusal: RepositoryImportRefusal }>;
  /**
   * Inside the new project's transaction, once its version 0 is written: a repository imported
   * through the connection becomes the project's linked repository (its pushes go there).
   */
  linkImported(
    tx: Transaction,
    imported: { userId: string; projectId: string; versionId: string; repository: Imported },
  ): Promise<void>;
}

export interface ProjectsConfig {
  /** The most a project may hold, its newest files and its uploads together (PROJECT_MAX_BYTES). */
  projectMaxBytes: number;
}

/** What the projects routes are built from (apps/api composes it). */
export interface ProjectsContext {
  config: ProjectsConfig;
  db: Database;
  /** Signs code download links for the caller's session. */
  links: SessionLinks;
  /** Encrypts environment variables at rest. */
  secrets: SecretBox;
  background: BackgroundTasks;
  tasks: ProjectTasksPort;
  preview: ProjectPreviewPort;
  repositories: ProjectRepositoriesPort;
}
