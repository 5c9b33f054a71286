// Which versions become commits when merges are on the way, and with which second parents.
import type { RepositoryMerge } from '@mason/server-db';
import { hasMarkers } from './conflicts';
import type { VersionToPush } from './git-push';
import type { PendingVersion } from './project-repositories.repository';

/** The versions to commit, oldest first, with their merges' second parents. */
export interface Chain {
  /** Versions a merge replaces (made while its markers were still there) are left out. */
  readonly versions: VersionToPush[];
  /** A merge still waits for its conflict markers to go: nothing can be pushed yet. */
  readonly waiting: boolean;
}

type ReadBlobs = (hashes: readonly string[]) => Promise<ReadonlyMap<string, Buffer>>;

/**
 * The versions to commit: each in turn, except that from a merge's version on, versions whose
 * files left to the assistant still hold conflict markers are left out, and the first without
 * them is the merge's commit (its second parent the GitHub commit merged).
 */
export async function chainOf(
  pending: readonly PendingVersion[],
  merges: readonly RepositoryMerge[],
  readBlobs: ReadBlobs,
): Promise<Chain> {
  const mergeOf = new Map(merges.map((merge) => [merge.versionId, merge]));
  const versions: VersionToPush[] = [];
  let open: RepositoryMerge | null = null;
  for (const version of pending) {
    open = mergeOf.get(version.id) ?? open;
    if (open && (await holdsMarkers(version, open.files, readBlobs))) continue;
    versions.push(open ? { ...version, mergeParent: open.theirs } : version);
    open = null;
  }
  return { versions, waiting: open !== null };
}

async function holdsMarkers(
  version: PendingVersion,
  files: readonly string[],
  readBlobs: ReadBlobs,
): Promise<boolean> {
  const hashes = files
    .map((file) => version.manifest[file])
    .filter((hash): hash is string => Boolean(hash));
  if (hashes.length === 0) return false;
  const contents = await readBlobs(hashes);
  return [...contents.values()].some(hasMarkers);
}
