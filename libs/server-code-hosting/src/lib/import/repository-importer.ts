import type { Database, Executor } from '@mason/server-db';
import { findIntegration } from '../code-hosting.repository';
import { CodeHostingMessages, type SecretSealer } from '../code-hosting.service';
import { GithubError, type GithubClient, type LinkableRepository } from '../github-client';
import { saveImportedLink } from '../project-repositories.repository';
import { cloneRepository, type ClonedRepository, type ImportLimits } from './clone-repository';
import { RepositoryImportError } from './repository-import-error';
import { parseRepositoryUrl } from './repository-url';

/** A repository read for an import: its name and address, and one commit's files. */
export interface ImportedRepository extends ClonedRepository {
  readonly name: string;
  /** The address it came from (a connected repository's web page). */
  readonly url: string;
  /** GitHub's id of a repository imported through the person's connection; null by address. */
  readonly repositoryId: string | null;
  /** The repository as GitHub answered, for the project's link (null: imported by address). */
  readonly github: LinkableRepository | null;
}

/** What an import answers: the repository, or the status and sentence that refuse it. */
export type RepositoryImportResult =
  | { readonly ok: true; readonly repository: ImportedRepository }
  | {
      readonly ok: false;
      readonly refusal: { readonly status: 400 | 409 | 422; readonly message: string };
    };

/** What to import: a public address, or a repository of the person's connected account. */
export interface RepositoryImportRequest {
  readonly userId: string;
  readonly url?: string;
  /** GitHub's id of a repository the person's connected account reaches. */
  readonly repositoryId?: string;
  /** Absent: the repository's default branch. */
  readonly branch?: string;
}

export interface RepositoryImporterOptions {
  readonly limits: ImportLimits;
  /** GIT_IMPORT_ALLOW_LOOPBACK: tests' git servers on 127.0.0.1 may be imported from. */
  readonly allowLoopback: boolean;
  readonly db: Database;
  /** The GitHub adapter; null when this server has no GitHub OAuth App. */
  readonly github: GithubClient | null;
  readonly secrets: SecretSealer;
}

const STATUS = {
  INVALID_URL: 400,
  PRIVATE_ADDRESS: 400,
  NOT_CONNECTED: 409,
  NOT_FOUND: 422,
  NO_BRANCH: 422,
  TOO_LARGE: 422,
  UNREACHABLE: 422,
} as const;

/**
 * Reads a repository for a new EXTERNAL project: a public one by its address (checked, then
 * cloned connecting only to public addresses), or one of the person's connected GitHub account
 * by its id (cloned with their token from the address GitHub gives). Answers its files, or why
 * not: 400 for an address Mason does not clone from, 409 without a GitHub connection, 422 for a
 * repository it could not read.
 */
export class RepositoryImporter {
  constructor(private readonly options: RepositoryImporterOptions) {}

  async import(request: RepositoryImportRequest): Promise<RepositoryImportResult> {
    try {
      const repository =
        request.repositoryId === undefined
          ? await this.byAddress(request)
          : await this.connected(request.userId, request.repositoryId, request.branch);
      return { ok: true, repository };
    } catch (error) {
      if (!(error instanceof RepositoryImportError)) throw error;
      return { ok: false, refusal: { status: STATUS[error.failure], message: error.message } };
    }
  }

  /**
   * Links the new project to the repository it was imported from through the connection (inside
   * the project's transaction): its version 0 is the imported commit, so Mason's next versions
   * are pushed on top of it. Nothing for an import by address.
   */
  async linkImported(
    tx: Executor,
    imported: {
      userId: string;
      projectId: string;
      versionId: string;
      repository: ImportedRepository;
    },
  ): Promise<void> {
    const { github, branch, commit } = imported.repository;
    if (!github) return;
    await saveImportedLink(tx, {
      projectId: imported.projectId,
      userId: imported.userId,
      repositoryId: github.id,
      fullName: github.fullName,
      cloneUrl: github.cloneUrl,
      htmlUrl: github.htmlUrl,
      branch,
      internal: false,
      versionId: imported.versionId,
      commit,
    });
  }

  private async byAddress(request: RepositoryImportRequest): Promise<ImportedRepository> {
    const address = parseRepositoryUrl(request.url ?? '');
    const cloned = await cloneRepository({
      url: address.url,
      ...(request.branch === undefined ? {} : { branch: request.branch }),
      limits: this.options.limits,
      allowLoopback: this.options.allowLoopback,
    });
    return { ...cloned, name: address.name, url: address.url, repositoryId: null, github: null };
  }

  private async connected(
    userId: string,
    repositoryId: string,
    branch: string | undefined,
  ): Promise<ImportedRepository> {
    const { github, db, secrets } = this.options;
    if (!github)
      throw new RepositoryImportError('NOT_CONNECTED', CodeHostingMessages.notConfigured);
    const integration = await findIntegration(db, userId);
    if (!integration)
      throw new RepositoryImportError('NOT_CONNECTED', CodeHostingMessages.notConnected);
    const token = secrets.open(integration.sealedToken);
    let repository: LinkableRepository | null;
    try {
      repository = await github.repositoryById(token, repositoryId);
    } catch (error) {
      if (!(error instanceof GithubError)) throw error;
      throw new RepositoryImportError('UNREACHABLE', CodeHostingMessages.unreachable);
    }
    if (!repository)
      throw new RepositoryImportError(
        'NOT_FOUND',
        'Your GitHub account cannot reach that repository. Pick one from the list.',
      );
    const cloned = await cloneRepository({
      url: repository.cloneUrl,
      branch: branch ?? repository.defaultBranch,
      token,
      // The address is GitHub's (this server's configured one), not the person's.
      trustedAddress: true,
      limits: this.options.limits,
    });
    return {
      ...cloned,
      name: repository.fullName.split('/').at(-1) ?? repository.fullName,
      url: repository.htmlUrl,
      repositoryId: repository.id,
      github: repository,
    };
  }
}
