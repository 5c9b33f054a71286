import path from 'node:path';
import type { Database, ProjectRepositoryRow, Transaction, VersionRow } from '@mason/server-db';
import { putBlobs, readBlobs, VersionStore, WorkspaceError } from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';
import { findIntegration } from './code-hosting.repository';
import type { SecretSealer } from './code-hosting.service';
import { mergeFiles, mergeRequestMessage } from './conflicts';
import {
  commitsSince,
  conflictOf,
  contentsOf,
  fetchRemote,
  isMasonCommit,
  mergeBase,
  mergedSummary,
  pulledSummary,
  chosenContents,
  remoteHead,
  treeFiles,
  type RemoteAccess,
} from './git-pull';
import { commitVersions, PushFailure, pushVersions } from './git-push';
import { chainOf } from './merge-chain';
import {
  addMerge,
  claimablePushes,
  claimNow,
  claimPush,
  findLink,
  coAuthorOf,
  projectOwner,
  finishFailed,
  finishPushed,
  finishWaiting,
  recordConflict,
  releaseClaim,
  versionsAfter,
  type PendingVersion,
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
  /** A version the sync made (pulled or merged): apps/api announces it in the project's task. */
  onVersion?(version: VersionRow): Promise<void> | void;
  /**
   * The person left files to the assistant in a merge: apps/api posts `message` as theirs in the
   * project's newest task (a new task when that one is busy).
   */
  askToMerge?(projectId: string, userId: string, message: string): Promise<void>;
}

/** Outside commits on a linked project's branch that Mason has not brought in. */
export interface OutsideCommits {
  readonly count: number;
  readonly branch: string;
}

/** Thrown in a version's transaction when another worker took the claim over. */
class LostClaimError extends Error {}

/** Thrown in a version's transaction when a turn made a version meanwhile: sync again. */
class MovedOnError extends Error {}

/** How a sync pass ended: `merged` made a merge version, which the next pass pushes. */
type Pass = 'done' | 'merged';

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
      // A turn made a version while this sync merged: the next round starts from it.
      if (error instanceof MovedOnError) {
        await releaseClaim(db, projectId, workerId);
        return true;
      }
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
      !(link.merges ?? []).some((merge) => merge.theirs === head) &&
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
   * versions not pushed yet. A merge made on the way is pushed by the next pass.
   */
  private async sync(claimed: ProjectRepositoryRow): Promise<void> {
    let link = claimed;
    for (let pass = 0; pass < 3; pass++) {
      if ((await this.syncOnce(link)) === 'done') return;
      const again = await findLink(this.ctx.db, claimed.projectId);
      if (!again || again.workerId !== this.ctx.workerId) throw new LostClaimError();
      link = again;
    }
  }

  private async syncOnce(link: ProjectRepositoryRow): Promise<Pass> {
    const { db, workerId } = this.ctx;
    const access = await this.accessOf(link);
    const gitdir = this.gitdirOf(link.projectId);
    const pending = await versionsAfter(db, link.projectId, link.pushedVersionId);
    const coAuthor = (await coAuthorOf(db, link.userId)) ?? {
      name: access.login,
      email: `${access.login}@users.noreply.github.com`,
    };
    const chain = await chainOf(pending, link.merges ?? [], (hashes) => readBlobs(db, hashes));
    const request = {
      gitdir,
      branch: access.branch,
      parent: link.pushedCommit,
      versions: chain.versions,
      coAuthor,
      readBlobs: (hashes: readonly string[]) => readBlobs(db, hashes),
    };
    // The commits of the versions waiting (the same version on the same parent is always the
    // same commit): a remote head that is one of them (a push whose answer was lost, maybe by
    // another worker) is Mason's own, not someone else's.
    const commits = chain.versions.length > 0 ? await commitVersions(request) : [];
    if (chain.waiting) {
      await finishWaiting(db, link.projectId, workerId, pending.at(-1)?.index ?? null);
      return 'done';
    }
    if (await this.isOutside(link, await remoteHead(access)))
      return this.bringIn(link, access, pending, commits.at(-1) ?? link.pushedCommit);
    const pushed = await pushVersions({
      ...request,
      cloneUrl: access.cloneUrl,
      token: access.token,
    });
    const newest = pending.at(-1);
    const commit = pushed.at(-1);
    await finishPushed(
      db,
      link.projectId,
      workerId,
      newest && commit ? { versionId: newest.id, commit } : null,
    );
    if (newest) this.ctx.log.info({ projectId: link.projectId, commit }, 'Versions pushed');
    return 'done';
  }

  /**
   * The branch has commits Mason did not make. They are fetched and kept
   * (`refs/mason/remote/{branch}`), then: with no version of Mason's waiting, they become one new
   * version (a fast-forward); else the two sides are merged by file against their newest common
   * commit: files changed on one side take that side, and files changed on both take the
   * person's choice when they made one for this very conflict. Without one, the conflict is
   * recorded (FAILED, naming the files) and nothing is merged or pushed.
   */
  private async bringIn(
    link: ProjectRepositoryRow,
    access: RemoteAccess,
    pending: readonly PendingVersion[],
    ours: string | null,
  ): Promise<Pass> {
    const { db, workerId } = this.ctx;
    const gitdir = this.gitdirOf(link.projectId);
    const head = await fetchRemote(gitdir, access);
    if (pending.length === 0 || !ours) {
      const { count } = await commitsSince(gitdir, head, link.pushedCommit);
      const files = await treeFiles(gitdir, head);
      await this.storeVersion(link, await contentsOf(gitdir, files), pulledSummary(count), {
        expected: link.pushedVersionId,
        record: (tx, version) =>
          finishPushed(tx, link.projectId, workerId, { versionId: version.id, commit: head }),
      });
      this.ctx.log.info({ projectId: link.projectId, commits: count }, 'Commits pulled');
      return 'done';
    }
    const base = await mergeBase(gitdir, ours, head);
    const sides = (githubCommits: number) =>
      `Mason has ${plural(pending.length, 'version')} and GitHub has ${plural(githubCommits, 'commit')} the other does not have`;
    if (!base)
      throw new PushFailure(
        `${sides((await commitsSince(gitdir, head, null)).count)}, and the two histories share no commit, so Mason merged nothing and pushed nothing. Both are kept.`,
        'diverged',
        false,
      );
    const { count } = await commitsSince(gitdir, head, base);
    const [baseFiles, oursFiles, theirsFiles] = await Promise.all(
      [base, ours, head].map((commit) => treeFiles(gitdir, commit)),
    );
    const merged = mergeFiles(baseFiles, oursFiles, theirsFiles);
    const contents = await contentsOf(gitdir, merged.files);
    const newest = pending.at(-1) as PendingVersion;
    let assistantFiles: string[] = [];
    let summary = mergedSummary(count);
    if (merged.conflicts.length > 0) {
      const chosen = link.conflict;
      const choices =
        chosen?.choices && chosen.theirs === head && chosen.ours === ours ? chosen.choices : null;
      const keepOf = new Map(choices?.map((choice) => [choice.path, choice.keep]));
      if (!choices || merged.conflicts.some((file) => !keepOf.has(file))) {
        const conflict = await conflictOf(gitdir, merged.conflicts, oursFiles, theirsFiles, {
          theirs: head,
          ours,
          base,
          oursVersionId: newest.id,
          githubCommits: count,
          masonVersions: pending.length,
        });
        await recordConflict(
          db,
          link.projectId,
          workerId,
          conflict,
          `${sides(count)}, and both changed ${merged.conflicts.join(', ')}. Choose which side to keep, file by file, in the project’s code hosting settings: nothing is merged or pushed until then, and both sides are kept.`,
        );
        this.ctx.log.info(
          { projectId: link.projectId, files: merged.conflicts.length },
          'A conflict with GitHub waits for the person',
        );
        return 'done';
      }
      for (const [file, content] of await chosenContents(
        gitdir,
        merged.conflicts,
        { ours: oursFiles, theirs: theirsFiles },
        keepOf,
      ))
        contents.set(file, content);
      assistantFiles = merged.conflicts.filter((file) => keepOf.get(file) === 'ASSISTANT');
      summary = `${summary}, choosing per file`;
    }
    const version = await this.storeVersion(link, contents, summary, {
      expected: newest.id,
      record: (tx, made) =>
        addMerge(tx, link.projectId, workerId, {
          versionId: made.id,
          theirs: head,
          files: assistantFiles,
        }),
    });
    this.ctx.log.info({ projectId: link.projectId, commits: count }, 'Commits merged');
    if (assistantFiles.length > 0) {
      try {
        await this.ctx.askToMerge?.(
          link.projectId,
          link.userId,
          mergeRequestMessage(assistantFiles),
        );
      } catch (error) {
        this.ctx.log.error(
          { err: error, projectId: version.projectId },
          'The assistant was not asked to merge',
        );
      }
    }
    return 'merged';
  }

  /**
   * Stores files as the project's next version, made on top of `expected` (else MovedOnError:
   * a turn made one meanwhile), with `record` in the same transaction (false: the claim is lost).
   */
  private async storeVersion(
    link: ProjectRepositoryRow,
    contents: ReadonlyMap<string, Buffer>,
    summary: string,
    options: {
      expected: string | null;
      record(tx: Transaction, version: VersionRow): Promise<boolean>;
    },
  ): Promise<VersionRow> {
    const { db } = this.ctx;
    const paths = [...contents.keys()];
    const hashes = await putBlobs(
      db,
      paths.map((file) => contents.get(file) as Buffer),
    );
    const manifest = Object.fromEntries(paths.map((file, at) => [file, hashes[at] as string]));
    const store = new VersionStore(db);
    const version = await db.transaction(async (tx) => {
      const made = await store.createVersion(tx, { projectId: link.projectId, manifest, summary });
      if (made.parentVersionId !== options.expected) throw new MovedOnError();
      if (!(await options.record(tx, made))) throw new LostClaimError();
      return made;
    });
    await this.ctx.onVersion?.(version);
    return version;
  }
}
