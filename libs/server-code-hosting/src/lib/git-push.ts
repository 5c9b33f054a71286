import fs from 'node:fs';
import git, { type TreeEntry } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';

/** Who Mason's commits are by. */
export const MASON_COMMITTER = { name: 'Mason', email: 'mason@users.noreply.mason.dev' } as const;

/** A version to push: its files (path -> sha256 of the blob), its summary, when it was made. */
export interface VersionToPush {
  readonly id: string;
  readonly manifest: Readonly<Record<string, string>>;
  readonly summary: string;
  readonly createdAt: Date;
  /** A merge's version: its commit's second parent (the GitHub commit it brings in). */
  readonly mergeParent?: string;
}

export interface PushRequest {
  /** The project's bare repository (Mason's own copy of the commits it made). */
  readonly gitdir: string;
  readonly cloneUrl: string;
  readonly branch: string;
  /** The person's token: the password of git's HTTP Basic auth (user `x-access-token`). */
  readonly token: string;
  /** The commit of the newest version pushed before (the parent of the first new one). */
  readonly parent: string | null;
  /** Oldest first. */
  readonly versions: readonly VersionToPush[];
  /** The person, named in each commit's `Co-authored-by` trailer. */
  readonly coAuthor: { readonly name: string; readonly email: string };
  /** The contents of blobs by sha256. */
  readBlobs(hashes: readonly string[]): Promise<ReadonlyMap<string, Buffer>>;
}

/** Why a push did not happen: `retry` says whether trying again later may help. */
export class PushFailure extends Error {
  constructor(
    message: string,
    readonly reason: 'diverged' | 'refused' | 'unreachable',
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'PushFailure';
  }
}

const statusOf = (error: unknown): number | null => {
  const status = (error as { data?: { statusCode?: unknown } }).data?.statusCode;
  return typeof status === 'number' ? status : null;
};

/** The one-line subject and the trailer of a version's commit. */
export function commitMessage(
  summary: string,
  coAuthor: { readonly name: string; readonly email: string },
): string {
  const subject = summary.trim() || 'Update the project';
  const name = coAuthor.name.replace(/[<>\n]/g, '').trim() || coAuthor.email;
  return `${subject}\n\nCo-authored-by: ${name} <${coAuthor.email.replace(/[<>\n]/g, '')}>\n`;
}

/** Writes the nested trees of a manifest's files (blob oids by path); the root tree's oid. */
export async function writeTrees(
  gitdir: string,
  files: ReadonlyMap<string, string>,
): Promise<string> {
  interface Folder {
    files: Map<string, string>;
    folders: Map<string, Folder>;
  }
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const [filePath, oid] of files) {
    const parts = filePath.split('/').filter(Boolean);
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { files: new Map(), folders: new Map() };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.set(parts[parts.length - 1] ?? filePath, oid);
  }
  const write = async (folder: Folder): Promise<string> => {
    const tree: TreeEntry[] = [];
    for (const [name, oid] of folder.files)
      tree.push({ mode: '100644', path: name, oid, type: 'blob' });
    for (const [name, sub] of folder.folders)
      tree.push({ mode: '040000', path: name, oid: await write(sub), type: 'tree' });
    return git.writeTree({ fs, gitdir, tree });
  };
  return write(root);
}

/** Makes the commit of each version (oldest first) in the bare repository; answers them. */
export async function commitVersions(
  request: Omit<PushRequest, 'cloneUrl' | 'token'>,
): Promise<string[]> {
  const { gitdir, branch } = request;
  await fs.promises.mkdir(gitdir, { recursive: true });
  if (!fs.existsSync(`${gitdir}/HEAD`))
    await git.init({ fs, gitdir, bare: true, defaultBranch: branch });

  const blobOids = new Map<string, string>();
  const commits: string[] = [];
  let parent = request.parent;
  for (const version of request.versions) {
    const wanted = [...new Set(Object.values(version.manifest))].filter(
      (hash) => !blobOids.has(hash),
    );
    const contents = wanted.length > 0 ? await request.readBlobs(wanted) : new Map();
    for (const hash of wanted) {
      const content = contents.get(hash);
      if (!content) throw new Error(`A file of version ${version.id} is missing from the store.`);
      blobOids.set(hash, await git.writeBlob({ fs, gitdir, blob: content }));
    }
    const files = new Map(
      Object.entries(version.manifest).map(([path, hash]) => [path, blobOids.get(hash) ?? '']),
    );
    const tree = await writeTrees(gitdir, files);
    const when = {
      timestamp: Math.floor(version.createdAt.getTime() / 1000),
      timezoneOffset: 0,
    };
    parent = await git.writeCommit({
      fs,
      gitdir,
      commit: {
        message: commitMessage(version.summary, request.coAuthor),
        tree,
        parent: [parent, version.mergeParent].filter((oid): oid is string => Boolean(oid)),
        author: { ...MASON_COMMITTER, ...when },
        committer: { ...MASON_COMMITTER, ...when },
      },
    });
    commits.push(parent);
  }
  return commits;
}

/**
 * Each version becomes one commit on `branch` (parent: the one before; tree: the version's files;
 * message: its summary and a `Co-authored-by` trailer; author and committer Mason, at the time
 * the version was made, so the same version on the same parent is always the same commit), and
 * the newest is pushed with git's smart HTTP protocol. Never forced: when the remote branch holds
 * a commit Mason did not make, nothing is pushed (PushFailure 'diverged'). Answers the commit of
 * each version, oldest first.
 */
export async function pushVersions(request: PushRequest): Promise<string[]> {
  const { gitdir, branch } = request;
  const commits = await commitVersions(request);
  const tip = commits[commits.length - 1] ?? null;
  if (!tip) return commits;

  const onAuth = () => ({ username: 'x-access-token', password: request.token });
  const ref = `refs/heads/${branch}`;
  let remoteTip: string | null;
  try {
    const refs = await git.listServerRefs({
      http,
      url: request.cloneUrl,
      onAuth,
      onAuthFailure: () => ({ cancel: true }),
      forPush: true,
      // Pushing speaks protocol v0/v1 (receive-pack has no v2).
      protocolVersion: 1,
      prefix: ref,
    });
    remoteTip = refs.find((candidate) => candidate.ref === ref)?.oid ?? null;
  } catch (error) {
    throw failureOf(error);
  }
  // The branch may be where Mason left it, at a commit of this chain a push whose answer was lost
  // made, or at a GitHub commit one of these versions merges; anything else is someone else's
  // work, which a push must not overwrite.
  const known = new Set(
    [request.parent, ...commits, ...request.versions.map((version) => version.mergeParent)].filter(
      Boolean,
    ),
  );
  if (remoteTip && !known.has(remoteTip))
    throw new PushFailure(
      `The branch ${branch} has commits Mason did not make, so Mason did not push over them. Sync to bring them in first.`,
      'diverged',
      false,
    );
  if (remoteTip === tip) return commits;

  await git.writeRef({ fs, gitdir, ref, value: tip, force: true });
  let result: Awaited<ReturnType<typeof git.push>>;
  try {
    result = await git.push({
      fs,
      http,
      gitdir,
      url: request.cloneUrl,
      ref,
      remoteRef: ref,
      onAuth,
      onAuthFailure: () => ({ cancel: true }),
    });
  } catch (error) {
    throw failureOf(error);
  }
  const status = result.refs[ref];
  if (!result.ok || (status && !status.ok)) {
    const why = status?.error || result.error || 'no reason given';
    throw new PushFailure(`GitHub refused the push: ${why}.`, 'refused', false);
  }
  return commits;
}

/** What isomorphic-git threw, as a PushFailure worded for the person (never with the token). */
export function failureOf(error: unknown): PushFailure {
  const code = (error as { code?: unknown }).code;
  const status = statusOf(error);
  if (code === 'PushRejectedError')
    return new PushFailure(
      'GitHub refused the push: the branch moved on with commits Mason did not make.',
      'diverged',
      false,
    );
  if (status === 401 || status === 403 || code === 'UserCanceledError')
    return new PushFailure(
      'GitHub refused the push: it did not accept the connected account’s access. Connect GitHub again, then push.',
      'refused',
      false,
    );
  if (status === 404)
    return new PushFailure(
      'GitHub refused the push: the repository is gone, or the account can no longer reach it.',
      'refused',
      false,
    );
  if (status !== null && status >= 400 && status < 500)
    return new PushFailure(`GitHub refused the push (HTTP ${status}).`, 'refused', false);
  return new PushFailure(
    'GitHub could not be reached to push; Mason tries again shortly.',
    'unreachable',
    true,
  );
}
