import fs from 'node:fs';
import git, { type HttpClient } from 'isomorphic-git';
import http from 'isomorphic-git/http/node';
import type { ConflictKeep, RepositoryConflict } from '@mason/server-db';
import { sideOf, withMarkers } from './conflicts';
import { failureOf, MASON_COMMITTER } from './git-push';

/** Where a project's bare repository keeps the remote branch's commits it fetched. */
export const remoteRefOf = (branch: string): string => `refs/mason/remote/${branch}`;

export interface RemoteAccess {
  readonly cloneUrl: string;
  readonly branch: string;
  /** The person's token: the password of git's HTTP Basic auth (user `x-access-token`). */
  readonly token: string;
}

const authOf = (token: string) => ({
  onAuth: () => ({ username: 'x-access-token', password: token }),
  onAuthFailure: () => ({ cancel: true }),
});

/** The commit the remote branch points at (null: no such branch), one `info/refs` request. */
export async function remoteHead(access: RemoteAccess): Promise<string | null> {
  const ref = `refs/heads/${access.branch}`;
  try {
    const refs = await git.listServerRefs({
      http,
      url: access.cloneUrl,
      ...authOf(access.token),
      forPush: true,
      protocolVersion: 1,
      prefix: ref,
    });
    return refs.find((candidate) => candidate.ref === ref)?.oid ?? null;
  } catch (error) {
    throw failureOf(error);
  }
}

async function ensureRepository(gitdir: string, branch: string): Promise<void> {
  await fs.promises.mkdir(gitdir, { recursive: true });
  if (!fs.existsSync(`${gitdir}/HEAD`))
    await git.init({ fs, gitdir, bare: true, defaultBranch: branch });
}

/**
 * Fetches the remote branch's commits into the bare repository and keeps them under
 * `refs/mason/remote/{branch}` (so they stay retrievable whatever happens next). Answers its head.
 */
export async function fetchRemote(gitdir: string, access: RemoteAccess): Promise<string> {
  await ensureRepository(gitdir, access.branch);
  // isomorphic-git's fetch keeps what it fetched under a remote's refspec (the URL has no token).
  await git.addRemote({ fs, gitdir, remote: 'origin', url: access.cloneUrl, force: true });
  let head: string | null;
  try {
    const result = await git.fetch({
      fs,
      http: namingHead(access.branch),
      gitdir,
      url: access.cloneUrl,
      remote: 'origin',
      ref: access.branch,
      remoteRef: access.branch,
      singleBranch: true,
      tags: false,
      ...authOf(access.token),
    });
    head = result.fetchHead;
  } catch (error) {
    throw failureOf(error);
  }
  if (!head) throw new Error(`The branch ${access.branch} has no commit to fetch.`);
  await git.writeRef({ fs, gitdir, ref: remoteRefOf(access.branch), value: head, force: true });
  return head;
}

/**
 * isomorphic-git's fetch wants the remote's HEAD even for one branch, and throws when the server
 * names none (a repository whose default branch has no commit, while the branch has): this client
 * adds `symref=HEAD:refs/heads/{branch}` to the advertisement's capabilities when they lack one.
 */
function namingHead(branch: string): HttpClient {
  return {
    async request(request) {
      const response = await http.request(request);
      if (
        request.method !== 'GET' ||
        !request.url.includes('/info/refs?service=git-upload-pack') ||
        !response.body
      )
        return response;
      const chunks: Uint8Array[] = [];
      for await (const chunk of response.body) chunks.push(chunk);
      const body = withHeadSymref(Buffer.concat(chunks), branch);
      return {
        ...response,
        body: (async function* () {
          yield new Uint8Array(body);
        })(),
      };
    },
  };
}

/** The advertisement (pkt-lines) with a HEAD symref on its first ref line when it has none. */
export function withHeadSymref(body: Buffer, branch: string): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  let first = true;
  while (at + 4 <= body.length) {
    const length = Number.parseInt(body.subarray(at, at + 4).toString('ascii'), 16);
    if (!Number.isInteger(length) || (length > 0 && length < 4) || at + length > body.length)
      return body;
    if (length === 0) {
      out.push(body.subarray(at, at + 4));
      at += 4;
      continue;
    }
    let line = body.subarray(at + 4, at + length);
    at += length;
    const nul = line.indexOf(0);
    if (first && nul >= 0) {
      first = false;
      const capabilities = line.subarray(nul + 1).toString('utf8');
      if (!capabilities.includes('symref=HEAD:'))
        line = Buffer.concat([
          line.subarray(0, nul + 1),
          Buffer.from(`${capabilities.replace(/\n$/, '')} symref=HEAD:refs/heads/${branch}\n`),
        ]);
    }
    out.push(Buffer.from((line.length + 4).toString(16).padStart(4, '0')), line);
  }
  out.push(body.subarray(at));
  return Buffer.concat(out);
}

async function hasCommit(gitdir: string, oid: string): Promise<boolean> {
  try {
    await git.readCommit({ fs, gitdir, oid });
    return true;
  } catch {
    return false;
  }
}

/** Whether the commit is one Mason made (it is in the bare repository, committed by Mason). */
export async function isMasonCommit(gitdir: string, oid: string): Promise<boolean> {
  if (!fs.existsSync(`${gitdir}/HEAD`)) return false;
  try {
    const { commit } = await git.readCommit({ fs, gitdir, oid });
    return commit.committer.email === MASON_COMMITTER.email;
  } catch {
    return false;
  }
}

/** Every commit reachable from `tip` (the tip itself included). */
async function ancestry(gitdir: string, tip: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [tip];
  while (queue.length > 0) {
    const oid = queue.pop() as string;
    if (seen.has(oid) || !(await hasCommit(gitdir, oid))) continue;
    seen.add(oid);
    const { commit } = await git.readCommit({ fs, gitdir, oid });
    queue.push(...commit.parent);
  }
  return seen;
}

/**
 * The commits reachable from `tip` but not from `base` (all of them when base is null), and
 * whether `base` is one of tip's ancestors (false: the two histories have no such common point).
 */
export async function commitsSince(
  gitdir: string,
  tip: string,
  base: string | null,
): Promise<{ count: number; containsBase: boolean }> {
  const fromTip = await ancestry(gitdir, tip);
  if (!base) return { count: fromTip.size, containsBase: true };
  if (!fromTip.has(base)) return { count: fromTip.size, containsBase: false };
  const fromBase = await ancestry(gitdir, base);
  return { count: [...fromTip].filter((oid) => !fromBase.has(oid)).length, containsBase: true };
}

/** A commit's files: path -> git blob oid (symbolic links and submodules left out). */
export async function treeFiles(gitdir: string, commit: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const walk = async (oid: string, prefix: string): Promise<void> => {
    const { tree } = await git.readTree({ fs, gitdir, oid });
    for (const entry of tree) {
      const filePath = prefix ? `${prefix}/${entry.path}` : entry.path;
      if (entry.type === 'tree') await walk(entry.oid, filePath);
      else if (entry.type === 'blob' && entry.mode !== '120000') files.set(filePath, entry.oid);
    }
  };
  const { commit: read } = await git.readCommit({ fs, gitdir, oid: commit });
  await walk(read.tree, '');
  return files;
}

/** The contents of git blobs by oid. */
export async function readGitBlobs(
  gitdir: string,
  oids: Iterable<string>,
): Promise<Map<string, Buffer>> {
  const contents = new Map<string, Buffer>();
  for (const oid of new Set(oids)) {
    const { blob } = await git.readBlob({ fs, gitdir, oid });
    contents.set(oid, Buffer.from(blob));
  }
  return contents;
}

/** The newest commit both histories share (null: none). */
export async function mergeBase(
  gitdir: string,
  ours: string,
  theirs: string,
): Promise<string | null> {
  const [base] = (await git.findMergeBase({ fs, gitdir, oids: [ours, theirs] })) as string[];
  return base ?? null;
}

/** "Pulled 1 commit from GitHub", "Pulled 3 commits from GitHub". */
export const pulledSummary = (count: number): string =>
  `Pulled ${count} ${count === 1 ? 'commit' : 'commits'} from GitHub`;

/** "Merged 1 commit from GitHub", "Merged 3 commits from GitHub". */
export const mergedSummary = (count: number): string =>
  `Merged ${count} ${count === 1 ? 'commit' : 'commits'} from GitHub`;

/** The contents of a commit's files by path. */
export async function contentsOf(
  gitdir: string,
  files: ReadonlyMap<string, string>,
): Promise<Map<string, Buffer>> {
  const blobs = await readGitBlobs(gitdir, files.values());
  return new Map([...files].map(([file, oid]) => [file, blobs.get(oid) as Buffer]));
}

/** A conflict as recorded: which of its files are text on both sides (the assistant's). */
export async function conflictOf(
  gitdir: string,
  files: readonly string[],
  ours: ReadonlyMap<string, string>,
  theirs: ReadonlyMap<string, string>,
  sides: Omit<RepositoryConflict, 'files' | 'textFiles'>,
): Promise<RepositoryConflict> {
  const oids = files.flatMap((file) =>
    [ours.get(file), theirs.get(file)].filter((oid): oid is string => Boolean(oid)),
  );
  const blobs = await readGitBlobs(gitdir, oids);
  const isText = (oid: string | undefined) =>
    sideOf(oid ? blobs.get(oid) : undefined).kind === 'TEXT';
  return {
    ...sides,
    files,
    textFiles: files.filter((file) => isText(ours.get(file)) && isText(theirs.get(file))),
  };
}

/**
 * The content each conflicting file gets from the person's choice: Mason's side, GitHub's (none:
 * the file is deleted), or both between conflict markers for the assistant. Files without
 * content are left out.
 */
export async function chosenContents(
  gitdir: string,
  files: readonly string[],
  sides: { ours: ReadonlyMap<string, string>; theirs: ReadonlyMap<string, string> },
  keepOf: ReadonlyMap<string, ConflictKeep>,
): Promise<Map<string, Buffer>> {
  const oids = files.flatMap((file) =>
    [sides.ours.get(file), sides.theirs.get(file)].filter((oid): oid is string => Boolean(oid)),
  );
  const blobs = await readGitBlobs(gitdir, oids);
  const blobOf = (oid: string | undefined) => (oid ? blobs.get(oid) : undefined);
  const chosen = new Map<string, Buffer>();
  for (const file of files) {
    const mine = blobOf(sides.ours.get(file));
    const theirs = blobOf(sides.theirs.get(file));
    const keep = keepOf.get(file);
    const content =
      keep === 'ASSISTANT' && mine && theirs
        ? Buffer.from(withMarkers(mine.toString('utf8'), theirs.toString('utf8')))
        : keep === 'GITHUB'
          ? theirs
          : mine;
    if (content) chosen.set(file, content);
  }
  return chosen;
}
