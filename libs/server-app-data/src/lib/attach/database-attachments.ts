// Attaching a database service to a project (issue 34 §5): the target checked (public address,
// the database answers, the password is right), sealed with the server key, then set up as an app
// database is (AppDatabases bootstraps it on its first open); detaching forgets the credentials
// and deletes nothing.
import type { DatabaseAttachRequest } from '@mason/contract';
import type { Executor } from '@mason/server-db';
import type { AppDatabases } from '../databases/app-databases';
import { poolDatabase } from '../databases/server-engine';
import type { AttachedDatabase } from '../databases/types';
import {
  findProjectDatabase,
  putProjectDatabase,
  saveAttachment,
} from '../projects/project-database.repository';
import { attachmentSummary } from '../projects/attachment-summary';
import { AttachRefused } from './attach-refused';
import {
  readAttachRequest,
  type AttachTarget,
  type DirectAttachRequest,
  type SupabaseDatabaseHost,
} from './attach-target';
import { attachedPool, checkAttachTarget, type AttachConnectOptions } from './attached-connection';

/** Seals what rests in the database (the server's SecretBox). */
export interface Sealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

export interface AttachmentStoreOptions {
  readonly db: Executor;
  readonly box: Sealer;
  readonly connect: AttachConnectOptions;
}

/** A project's attached database as stored (decrypted), or null for none. */
export async function findAttachment(
  options: Pick<AttachmentStoreOptions, 'db' | 'box'>,
  projectId: string,
): Promise<AttachTarget | null> {
  const row = await findProjectDatabase(options.db, projectId);
  if (!row || row.provider === 'MASON' || !row.attachment) return null;
  return JSON.parse(options.box.open(row.attachment)) as AttachTarget;
}

/** AppDatabases' `attached` option: how to open a project's attached database, if it has one. */
export function attachedDatabases(
  options: AttachmentStoreOptions,
): (projectId: string) => Promise<AttachedDatabase | null> {
  return async (projectId) => {
    const target = await findAttachment(options, projectId);
    if (!target) return null;
    return {
      bootstrap: target.supabase ? 'migrations' : 'full',
      open: async () => poolDatabase(await attachedPool(target, options.connect)),
    };
  };
}

/** Detaching a project that has no attached service. */
export class NothingAttachedError extends Error {
  constructor() {
    super('No database service is attached to this project.');
    this.name = 'NothingAttachedError';
  }
}

export interface DatabaseAttachmentsOptions extends AttachmentStoreOptions {
  readonly databases: AppDatabases;
  /** Where a Supabase project's database is reached (tests point it at their own server). */
  readonly supabaseHost?: SupabaseDatabaseHost;
  /** The app's environment changed (its builds must be made again with the new variables). */
  readonly envChanged: (projectId: string) => void;
  /**
   * A project of the person's connected Supabase account: its URL and anon key (from Supabase's
   * Management API); absent when this server connects no Supabase accounts.
   */
  readonly supabaseProject?: (
    userId: string,
    projectRef: string,
  ) => Promise<{ projectUrl: string; anonKey: string }>;
}

export const NO_SUPABASE_ACCOUNTS =
  'This server connects no Supabase accounts: paste the project’s URL and anon key instead.';

export class DatabaseAttachments {
  constructor(private readonly options: DatabaseAttachmentsOptions) {}

  /**
   * Checks the database, stores it sealed and sets it up; refused with an AttachRefused (nothing
   * changed) when it cannot be reached, lets Mason in with a wrong password, or cannot be set up.
   * The built-in database, if any, stays as it is, for a detach to come back to.
   */
  async attach(projectId: string, userId: string, request: DatabaseAttachRequest): Promise<void> {
    const { db, box, databases, connect, supabaseHost, envChanged } = this.options;
    const target = readAttachRequest(await this.direct(userId, request), supabaseHost);
    await checkAttachTarget(target, connect);
    const before = await findProjectDatabase(db, projectId);
    await saveAttachment(
      db,
      projectId,
      target.provider,
      box.seal(JSON.stringify(target)),
      attachmentSummary(target),
    );
    await databases.closeProject(projectId);
    try {
      await databases.use(projectId, 'development', async () => undefined);
    } catch (error) {
      await putProjectDatabase(db, projectId, before);
      await databases.closeProject(projectId);
      const reason = error instanceof Error ? error.message : String(error);
      throw new AttachRefused(
        `The database answered, but Mason could not set it up for the app: ${reason}`,
        target.provider === 'POSTGRES' ? 'connectionUrl' : 'databasePassword',
      );
    }
    envChanged(projectId);
  }

  /** The request with a connected account's project looked up (its URL and anon key). */
  private async direct(
    userId: string,
    request: DatabaseAttachRequest,
  ): Promise<DirectAttachRequest> {
    if (request.provider !== 'SUPABASE_ACCOUNT') return request;
    if (!this.options.supabaseProject) throw new AttachRefused(NO_SUPABASE_ACCOUNTS, 'projectRef');
    const { projectUrl, anonKey } = await this.options.supabaseProject(userId, request.projectRef);
    return {
      provider: 'SUPABASE',
      projectUrl,
      anonKey,
      databasePassword: request.databasePassword,
    };
  }

  /**
   * Forgets the attached service (its data stays where it is): the project is back on its built-in
   * database if it ever had one, or has none.
   */
  async detach(projectId: string): Promise<void> {
    const { db, databases, envChanged } = this.options;
    const row = await findProjectDatabase(db, projectId);
    if (!row || row.provider === 'MASON') throw new NothingAttachedError();
    const hadBuiltIn = await databases.exists(projectId, 'development');
    await putProjectDatabase(
      db,
      projectId,
      hadBuiltIn ? { provider: 'MASON', attachment: null, attachmentSummary: null } : null,
    );
    await databases.closeProject(projectId);
    envChanged(projectId);
  }
}
