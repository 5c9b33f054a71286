import path from 'node:path';
import type { Database, ProjectRepositoryRow, VersionRow } from '@mason/server-db';
import { putBlobs, readBlobs, VersionStore, WorkspaceError } from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';
import { findIntegration } from './code-hosting.repository';
import type { SecretSealer } from './code-hosting.service';
import {
  commitsSince,
  fetchRemote,
  isMasonCommit,
  mergedSummary,
  mergeFiles,
  pulledSummary,
  pushCommit,
  readGitBlobs,
  remoteHead,
  treeFiles,
  writeMergeCommit,
  type RemoteAccess,
} from './git-pull';
import { commitMessage, commitVersions, PushFailure, pushVersions } from './git-push';
import {
  claimablePushes,
  claimNow,
  claimPush,
  findLink,
  coAuthorOf,
  projectOwner,
  finishFailed,
  finishPushed,
  versionsAfter,
} from './project-repositories.repository';

/** How long a worker's claim on a project's push holds (a dead worker's is taken up after it). */
export const PUSH_LEASE_MS = 5 * 60 * 1000;
/** Failures worth retrying are tried again after 5 s, 10 s, 20 s ... at most this long after. */
export const RETRY_BASE_MS = 5000;
export const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;
/** After this many failures in a row a push waits for the person (POST .../sync). */
export const MAX_PUSH_ATTEMPTS = 8;
/** Rounds one claim pushes: versions made while a push ran go out in the next round. */
const ROUNDS_PER_CLAIM = 5;

export const PushMessages = {
  notConnected:
    'GitHub is not connected any more, so Mason cannot push. Connect GitHub again, then push.',
  unexpected: 'Mason could not push because of a problem on our side. It tries again shortly.',
  newOwner:
    'This project has another owner now, so Mason does not push with the GitHub account that linked it. Link the repository again.',
} as const;

export interface GitPusherContext {
  readonly db: Database;
  readonly secrets: SecretSealer;
  /** Where each project's bare repository is kept (`{gitDir}/{projectId}.git`). */
  readonly gitDir: string;
  readonly log: FastifyBaseLogger;
  readonly workerId: string;
  /** The first retry's delay (RETRY_BASE_MS); each next one doubles, up to MAX_RETRY_DELAY_MS. */
  readonly retryBaseMs?: number;
  /** A version the sync made (pulled or merged): apps/api announces it on the project's channel. */
  onVersion?(version: VersionRow): void;
}

/** Outside commits on a linked project's branch that Mason has not brought in. */
export interface OutsideCommits {
  readonly count: number;
  readonly branch: string;
}

/** Thrown in a version's transaction when another worker took the claim over. */
class LostClaimError extends Error {}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The delay before try number `attempts + 2` of a failure worth retrying (`attempts` failed before). */
export function retryDelayMs(attempts: number, baseMs = RETRY_BASE_MS): number {
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attempts));
}

/**
 * The `git-push` queue's source: a linked project whose newest version is not on its branch is a
 * job (project_repositories is its durable record). A run claims the project, makes a commit of
 * each version not pushed (git-push.ts), pushes them with the owner's token, and records the
 * newest pushed version, or why it failed and when to try again.
 */
export class GitPusher {
  constructor(private readonly ctx: GitPusherContext) {}

  claimable(limit: number): Promise<string[]> {
    return claimablePushes(this.ctx.db, limit);
  }

  stopAll(): void {
    // A push takes seconds: one under way finishes; a dead process's claim expires.
  }

  async run(projectId: string): Promise<void> {
    const { db, workerId } = this.ctx;
    for (let round = 0; round < ROUNDS_PER_CLAIM; round++) {
      const claimed = await claimPush(db, projectId, workerId, PUSH_LEASE_MS);
      if (!claimed) return;
      if (!(await this.runClaimed(claimed))) return;
    }
  }

  /**
   * Pulls (and pushes) now, for a person waiting on it (continuing a task paused by USER_COMMIT):
   * waits up to `waitMs` for a worker that holds the project to let go. Answers why it failed,
   * or null.
   */
  async runNow(projectId: string, waitMs = 60_000): Promise<string | null> {
    const { db, workerId } = this.ctx;
    const until = Date.now() + waitMs;
    for (;;) {
      if (!(await findLink(db, projectId))) return null;
      const claimed = await claimNow(db, projectId, workerId, PUSH_LEASE_MS);
      if (claimed) {
        await this.runClaimed(claimed);
        const after = await findLink(db, projectId);
        return after?.pushState === 'FAILED' ? after.lastError : null;
      }
      if (Date.now() > until)
        return 'Mason is still syncing this project with GitHub; try again in a moment.';
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** One sync of a claimed row; false when it failed (the failure recorded). */
  private async runClaimed(claimed: ProjectRepositoryRow): Promise<boolean> {
    const { db, log, workerId } = this.ctx;
    const { projectId } = claimed;
    try {
      await this.sync(claimed);
      return true;
    } catch (error) {
      // Another worker took the row over: its run records the outcome.
      if (error instanceof LostClaimError) return false;
      const failure =
        error instanceof PushFailure
          ? error
          : error instanceof WorkspaceError
            ? new PushFailure(
                `Mason could not bring in the commits from GitHub: ${error.message}`,
                'refused',
                false,
              )
            : new PushFailure(PushMessages.unexpected, 'unreachable', true);
      if (!(error instanceof PushFailure) && !(error instanceof WorkspaceError))
        log.error({ err: error, projectId }, 'A project could not be pushed');
      else log.warn({ projectId, reason: failure.reason }, 'A sync with GitHub failed');
      const retry = failure.retry && claimed.attempts + 1 < MAX_PUSH_ATTEMPTS;
      await finishFailed(
        db,
        projectId,
        workerId,
        failure.message,
        retry ? new Date(Date.now() + retryDelayMs(claimed.attempts, this.ctx.retryBaseMs)) : null,
      );
      return false;
    }
  }

  /** The owner's token, while the project is still theirs and GitHub still connected. */
  private async accessOf(link: ProjectRepositoryRow): Promise<RemoteAccess & { login: string }> {
    const { db, secrets } = this.ctx;
    // Only the account of the person who linked it, and only while the project is theirs.
    if ((await projectOwner(db, link.projectId)) !== link.userId)
      throw new PushFailure(PushMessages.newOwner, 'refused', false);
    const integration = await findIntegration(db, link.userId);
    if (!integration) throw new PushFailure(PushMessages.notConnected, 'refused', false);
    return {
      cloneUrl: link.cloneUrl,
      branch: link.branch,
      token: secrets.open(integration.sealedToken),
      login: integration.accountLogin,
    };
  }

  private gitdirOf(projectId: string): string {
    return path.join(this.ctx.gitDir, `${projectId}.git`);
  }

  /** Whether the remote branch's head is someone else's commit Mason has not brought in. */
  private async isOutside(link: ProjectRepositoryRow, head: string | null): Promise<boolean> {
    return (
      head !== null &&
      head !== link.pushedCommit &&
      !(await isMasonCommit(this.gitdirOf(link.projectId), head))
    );
  }

  /**
   * The cheap check before a turn: one `info/refs` request for the branch head; when it is
   * someone else's commit, fetches them to count them. Null when nothing is linked, nothing came
   * in, or GitHub could not be asked (a turn is not held up by an outage).
   */
  async outsideCommits(projectId: string): Promise<OutsideCommits | null> {
    const link = await findLink(this.ctx.db, projectId);
    if (!link) return null;
    try {
      const access = await this.accessOf(link);
      if (!(await this.isOutside(link, await remoteHead(access)))) return null;
      const head = await fetchRemote(this.gitdirOf(projectId), access);
      const { count } = await commitsSince(this.gitdirOf(projectId), head, link.pushedCommit);
      return { count, branch: link.branch };
    } catch (error) {
      this.ctx.log.warn(
        { projectId, reason: error instanceof PushFailure ? error.reason : 'unexpected' },
        'Could not look for commits made outside Mason',
      );
      return null;
    }
  }

  /**
   * Brings in what GitHub has that Mason does not (a pulled or merged version), then pushes the
   * versions not pushed yet.
   */
  private async sync(claimed: ProjectRepositoryRow): Promise<void> {
    const { db, workerId } = this.ctx;
    const access = await this.accessOf(claimed);
    const gitdir = this.gitdirOf(claimed.projectId);
    const pending = await versionsAfter(db, claimed.projectId, claimed.pushedVersionId);
    const coAuthor = (await coAuthorOf(db, claimed.userId)) ?? {
      name: access.login,
      email: `${access.login}@users.noreply.github.com`,
    };
    // The commits of the versions waiting (the same version on the same parent is always the
    // same commit): a remote head that is one of them (a push whose answer was lost, maybe by
    // another worker) is Mason's own, not someone else's.
    if (pending.length > 0)
      await commitVersions({
        gitdir,
        branch: access.branch,
        parent: claimed.pushedCommit,
        versions: pending,
        coAuthor,
        readBlobs: (hashes) => readBlobs(db, hashes),
      });
    if (await this.isOutside(claimed, await remoteHead(access))) {
      await this.bringIn(claimed, access, pending, coAuthor);
      return;
    }
    const commits = await pushVersions({
      gitdir,
      cloneUrl: access.cloneUrl,
      branch: access.branch,
      token: access.token,
      parent: claimed.pushedCommit,
      versions: pending,
      coAuthor,
      readBlobs: (hashes) => readBlobs(db, hashes),
    });
    const newest = pending[pending.length - 1];
    const commit = commits[commits.length - 1];
    await finishPushed(
      db,
      claimed.projectId,
      workerId,
      newest && commit ? { versionId: newest.id, commit } : null,
    );
    if (newest) this.ctx.log.info({ projectId: claimed.projectId, commit }, 'Versions pushed');
  }

  /**
   * The branch has commits Mason did not make. They are fetched and kept
   * (`refs/mason/remote/{branch}`), then: with no version of Mason's waiting, they become one new
   * version (a fast-forward); with versions waiting and a common commit, a merge by file when the
   * two sides changed different files (a version whose commit has both parents, pushed); else
   * FAILED, naming both sides (and the files changed on both).
   */
  private async bringIn(
    claimed: ProjectRepositoryRow,
    access: RemoteAccess,
    pending: Awaited<ReturnType<typeof versionsAfter>>,
    coAuthor: { name: string; email: string },
  ): Promise<void> {
    const { db } = this.ctx;
    const gitdir = this.gitdirOf(claimed.projectId);
    const base = claimed.pushedCommit;
    const head = await fetchRemote(gitdir, access);
    const { count, containsBase } = await commitsSince(gitdir, head, base);
    if (pending.length === 0) {
      await this.recordVersion(
        claimed,
        gitdir,
        await treeFiles(gitdir, head),
        head,
        pulledSummary(count),
      );
      this.ctx.log.info({ projectId: claimed.projectId, commits: count }, 'Commits pulled');
      return;
    }
    const sides = `Mason has ${plural(pending.length, 'version')} and GitHub has ${plural(count, 'commit')} the other does not have`;
    if (!base || !containsBase)
      throw new PushFailure(
        `${sides}, and the two histories share no commit, so Mason merged nothing and pushed nothing. Both are kept.`,
        'diverged',
        false,
      );
    const commits = await commitVersions({
      gitdir,
      branch: access.branch,
      parent: base,
      versions: pending,
      coAuthor,
      readBlobs: (hashes) => readBlobs(db, hashes),
    });
    const ours = commits[commits.length - 1] as string;
    const merged = mergeFiles(
      await treeFiles(gitdir, base),
      await treeFiles(gitdir, ours),
      await treeFiles(gitdir, head),
    );
    if (!merged.files)
      throw new PushFailure(
        `${sides}, and both changed ${merged.conflicts.join(', ')}, so Mason merged nothing and pushed nothing. Both are kept.`,
        'diverged',
        false,
      );
    const summary = mergedSummary(count);
    const merge = await writeMergeCommit(
      gitdir,
      merged.files,
      [ours, head],
      commitMessage(summary, coAuthor),
    );
    const refused = await pushCommit(gitdir, access, merge);
    if (refused) throw new PushFailure(`GitHub refused the merge: ${refused}.`, 'refused', false);
    await this.recordVersion(claimed, gitdir, merged.files, merge, summary);
    this.ctx.log.info({ projectId: claimed.projectId, commits: count }, 'Commits merged');
  }

  /** Stores the files of a commit as the project's next version, recorded as pushed at it. */
  private async recordVersion(
    claimed: ProjectRepositoryRow,
    gitdir: string,
    files: ReadonlyMap<string, string>,
    commit: string,
    summary: string,
  ): Promise<void> {
    const { db, workerId } = this.ctx;
    const contents = await readGitBlobs(gitdir, files.values());
    const oids = [...contents.keys()];
    const hashes = await putBlobs(
      db,
      oids.map((oid) => contents.get(oid) as Buffer),
    );
    const hashOf = new Map(oids.map((oid, at) => [oid, hashes[at] as string]));
    const manifest = Object.fromEntries(
      [...files].map(([filePath, oid]) => [filePath, hashOf.get(oid) as string]),
    );
    const store = new VersionStore(db);
    const version = await db.transaction(async (tx) => {
      const made = await store.createVersion(tx, {
        projectId: claimed.projectId,
        manifest,
        summary,
      });
      if (!(await finishPushed(tx, claimed.projectId, workerId, { versionId: made.id, commit })))
        throw new LostClaimError();
      return made;
    });
    this.ctx.onVersion?.(version);
  }
}
