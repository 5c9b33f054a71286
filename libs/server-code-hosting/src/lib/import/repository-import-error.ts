/** Why a repository could not be imported; each has its own answer (see the projects routes). */
export type RepositoryImportFailure =
  /** The address is not one Mason clones. */
  | 'INVALID_URL'
  /** The address points at a loopback, private, link-local or reserved address. */
  | 'PRIVATE_ADDRESS'
  /** A repository of the connected account was asked for, without GitHub or a connection. */
  | 'NOT_CONNECTED'
  /** Nothing answered as a git repository there, or it needs credentials Mason was not given. */
  | 'NOT_FOUND'
  /** The repository has no such branch. */
  | 'NO_BRANCH'
  /** Past the import's limits: files, bytes, download. */
  | 'TOO_LARGE'
  /** The host did not answer in time, or the connection failed. */
  | 'UNREACHABLE';

/** A repository that could not be imported, with a sentence for the person who asked. */
export class RepositoryImportError extends Error {
  constructor(
    readonly failure: RepositoryImportFailure,
    message: string,
  ) {
    super(message);
    this.name = 'RepositoryImportError';
  }
}
