import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_CLONE_TIMEOUT_MS } from '@mason/contract';
import { formatBytes } from '@mason/server-http';
import git, { Errors, type GitHttpRequest, type HttpClient } from 'isomorphic-git';
import nodeHttp from 'isomorphic-git/http/node';
import { useAgent } from 'request-filtering-agent';
import { RepositoryImportError } from './repository-import-error';

/** How much one import may take. */
export interface ImportLimits {
  /** The most files the repository's tree may hold (a project's own limit). */
  readonly maxFiles: number;
  /** The most bytes its files may hold together. */
  readonly maxBytes: number;
  /** The most bytes Mason downloads for it (the packed history of one commit). */
  readonly maxDownloadBytes: number;
  /** How long the whole clone may take. */
  readonly timeoutMs: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxFiles: 2000,
  maxBytes: 50 * 1024 * 1024,
  maxDownloadBytes: 100 * 1024 * 1024,
  timeoutMs: IMPORT_CLONE_TIMEOUT_MS,
};

export interface CloneOptions {
  readonly url: string;
  /** The branch to import; absent: the repository's default branch. */
  readonly branch?: string;
  /** Credentials for a private repository (a connected account's token). */
  readonly token?: string;
  readonly limits: ImportLimits;
  /**
   * Lets the clone reach 127.0.0.1 and ::1 (tests' git servers run there). Private, link-local
   * and reserved addresses stay refused either way.
   */
  readonly allowLoopback?: boolean;
  /**
   * The address comes from the GitHub this server is configured with (a connected account's
   * repository), not from the person: any address is reached, as pushes do (GitHub Enterprise
   * may sit on a private network).
   */
  readonly trustedAddress?: boolean;
}

/** One file of the imported commit. */
export interface ClonedFile {
  readonly path: string;
  readonly content: Uint8Array;
}

export interface ClonedRepository {
  /** The branch the files come from. */
  readonly branch: string;
  /** The commit they come from. */
  readonly commit: string;
  /** Every tracked file of that commit (so nothing .gitignore names), in path order. */
  readonly files: readonly ClonedFile[];
  /** Entries that are not files Mason keeps: symbolic links and submodules. */
  readonly skipped: readonly string[];
}

const LOOPBACK = ['127.0.0.1', '::1'];

/** isomorphic-git's HTTP client, and whether it stopped at the download limit. */
export interface GuardedGitHttp extends HttpClient {
  /** The download passed the limit (git may report it as a broken answer: this says why). */
  readonly overLimit: boolean;
}

/**
 * isomorphic-git's Node HTTP client, connecting only to public addresses (checked on each
 * connection, redirects included, so a name that resolves to a private address later is refused
 * too), stopping at the download limit and when `signal` aborts.
 */
export function guardedGitHttp(options: {
  allowLoopback?: boolean;
  trustedAddress?: boolean;
  maxDownloadBytes: number;
  signal: AbortSignal;
}): GuardedGitHttp {
  let downloaded = 0;
  const count = async function* (body: AsyncIterableIterator<Uint8Array>) {
    for await (const chunk of body) {
      downloaded += chunk.byteLength;
      if (downloaded > options.maxDownloadBytes) throw tooLargeDownload(options.maxDownloadBytes);
      yield chunk;
    }
  };
  return {
    get overLimit() {
      return downloaded > options.maxDownloadBytes;
    },
    async request(request: GitHttpRequest) {
      const agent = options.trustedAddress
        ? undefined
        : useAgent(request.url, { allowIPAddressList: options.allowLoopback ? LOOPBACK : [] });
      const response = await nodeHttp.request({ ...request, agent, signal: options.signal });
      return { ...response, body: response.body && count(response.body) };
    },
  };
}

const tooLargeDownload = (maxDownloadBytes: number) =>
  new RepositoryImportError(
    'TOO_LARGE',
    `That repository is larger than Mason imports: its download passed ${formatBytes(maxDownloadBytes)}.`,
  );

/**
 * Clones one commit of a repository (the branch's head, no history) into a temporary folder,
 * reads its files without checking them out, and removes the folder. Throws
 * RepositoryImportError with a sentence for the person for every way it can fail.
 */
export async function cloneRepository(options: CloneOptions): Promise<ClonedRepository> {
  const { limits } = options;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mason-import-'));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const http = guardedGitHttp({
    allowLoopback: options.allowLoopback,
    trustedAddress: options.trustedAddress,
    maxDownloadBytes: limits.maxDownloadBytes,
    signal: controller.signal,
  });
  try {
    await git.clone({
      fs,
      http,
      dir,
      url: options.url,
      ...(options.branch ? { ref: options.branch } : {}),
      singleBranch: true,
      depth: 1,
      noCheckout: true,
      noTags: true,
      ...(options.token
        ? { onAuth: () => ({ username: 'x-access-token', password: options.token }) }
        : {}),
      onAuthFailure: () => ({ cancel: true }),
    });
    const branch = (await git.currentBranch({ fs, dir })) ?? options.branch ?? 'HEAD';
    const commit = await git.resolveRef({ fs, dir, ref: 'HEAD' });
    return { branch, commit, ...(await readTree(dir, commit, limits)) };
  } catch (error) {
    if (http.overLimit) throw tooLargeDownload(limits.maxDownloadBytes);
    throw explain(error, options, controller.signal.aborted);
  } finally {
    clearTimeout(timer);
    await rm(dir, { recursive: true, force: true });
  }
}

/** The commit's files, within the limits. */
async function readTree(dir: string, commit: string, limits: ImportLimits) {
  const files: ClonedFile[] = [];
  const skipped: string[] = [];
  let count = 0;
  let bytes = 0;
  await git.walk({
    fs,
    dir,
    trees: [git.TREE({ ref: commit })],
    map: async (filepath, [entry]) => {
      if (!entry || filepath === '.') return true;
      const type = await entry.type();
      if (type === 'tree') return true;
      // Submodules (commits) and symbolic links point outside the repository's own files.
      if (type !== 'blob' || (await entry.mode()) === 0o120000) {
        skipped.push(filepath);
        return null;
      }
      // Counted before any await: walk maps several entries at once.
      count += 1;
      if (count > limits.maxFiles) {
        throw new RepositoryImportError(
          'TOO_LARGE',
          `That repository has more than ${limits.maxFiles} files, the most a Mason project holds.`,
        );
      }
      const content = (await entry.content()) ?? new Uint8Array();
      bytes += content.byteLength;
      if (bytes > limits.maxBytes) {
        throw new RepositoryImportError(
          'TOO_LARGE',
          `That repository's files pass ${formatBytes(limits.maxBytes)}, the most a Mason project holds.`,
        );
      }
      files.push({ path: filepath, content });
      return null;
    },
  });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, skipped };
}

/** A sentence for each way a clone fails; the error's own text never reaches the person. */
function explain(error: unknown, options: CloneOptions, timedOut: boolean): RepositoryImportError {
  if (error instanceof RepositoryImportError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/is not allowed\. Because, It is (private|meta) IP address/i.test(message)) {
    return new RepositoryImportError(
      'PRIVATE_ADDRESS',
      'That address points to a private or local network. Mason imports only from public addresses.',
    );
  }
  if (timedOut) {
    return new RepositoryImportError(
      'UNREACHABLE',
      `The repository did not finish downloading within ${seconds(options.limits.timeoutMs)}. Try again, or import a smaller repository.`,
    );
  }
  if (error instanceof Errors.HttpError || error instanceof Errors.UserCanceledError) {
    return new RepositoryImportError(
      'NOT_FOUND',
      options.token
        ? 'Mason could not read that repository with your GitHub connection: check that it exists and that your account can reach it.'
        : 'There is no public git repository at that address. Check the address; a private repository is imported through your connected GitHub account.',
    );
  }
  if (error instanceof Errors.NotFoundError && options.branch) {
    return new RepositoryImportError(
      'NO_BRANCH',
      `That repository has no branch named "${options.branch}".`,
    );
  }
  if (
    error instanceof Errors.SmartHttpError ||
    error instanceof Errors.ParseError ||
    error instanceof Errors.EmptyServerResponseError
  ) {
    return new RepositoryImportError(
      'NOT_FOUND',
      'The address answered, but not as a git repository. Check that it is the repository’s clone address.',
    );
  }
  return new RepositoryImportError(
    'UNREACHABLE',
    'Mason could not reach that repository. Check the address and try again.',
  );
}

const seconds = (ms: number) => {
  const count = Math.ceil(ms / 1000);
  return `${count} second${count === 1 ? '' : 's'}`;
};
