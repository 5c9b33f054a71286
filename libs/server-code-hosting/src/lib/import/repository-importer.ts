import { cloneRepository, type ClonedRepository, type ImportLimits } from './clone-repository';
import { RepositoryImportError } from './repository-import-error';
import { parseRepositoryUrl } from './repository-url';

/** A repository read for an import: its name and address, and one commit's files. */
export interface ImportedRepository extends ClonedRepository {
  readonly name: string;
  readonly url: string;
}

/** What an import answers: the repository, or the status and sentence that refuse it. */
export type RepositoryImportResult =
  | { readonly ok: true; readonly repository: ImportedRepository }
  | {
      readonly ok: false;
      readonly refusal: { readonly status: 400 | 422; readonly message: string };
    };

export interface RepositoryImporterOptions {
  readonly limits: ImportLimits;
  /** GIT_IMPORT_ALLOW_LOOPBACK: tests' git servers on 127.0.0.1 may be imported from. */
  readonly allowLoopback: boolean;
}

/**
 * Reads a public git repository for a new EXTERNAL project: checks the address, clones the
 * branch's head (connecting only to public addresses) and answers its files, or why it could
 * not: 400 for an address Mason does not clone from, 422 for a repository it could not read.
 */
export class RepositoryImporter {
  constructor(private readonly options: RepositoryImporterOptions) {}

  async import(request: { url: string; branch?: string }): Promise<RepositoryImportResult> {
    try {
      const address = parseRepositoryUrl(request.url);
      const cloned = await cloneRepository({
        url: address.url,
        ...(request.branch === undefined ? {} : { branch: request.branch }),
        limits: this.options.limits,
        allowLoopback: this.options.allowLoopback,
      });
      return { ok: true, repository: { ...cloned, name: address.name, url: address.url } };
    } catch (error) {
      if (!(error instanceof RepositoryImportError)) throw error;
      const refusedAddress = error.failure === 'INVALID_URL' || error.failure === 'PRIVATE_ADDRESS';
      return { ok: false, refusal: { status: refusedAddress ? 400 : 422, message: error.message } };
    }
  }
}
