import path from 'node:path';
import type { Database } from '@mason/server-db';
import { readBlobs } from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';
import { findIntegration } from './code-hosting.repository';
import type { SecretSealer } from './code-hosting.service';
import { PushFailure, pushVersions } from './git-push';
import {
  claimablePushes,
  claimPush,
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
}

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
    const { db, log, workerId } = this.ctx;
    for (let round = 0; round < ROUNDS_PER_CLAIM; round++) {
      const claimed = await claimPush(db, projectId, workerId, PUSH_LEASE_MS);
      if (!claimed) return;
      try {
        await this.push(claimed);
      } catch (error) {
        const failure =
          error instanceof PushFailure
            ? error
            : new PushFailure(PushMessages.unexpected, 'unreachable', true);
        if (!(error instanceof PushFailure))
          log.error({ err: error, projectId }, 'A project could not be pushed');
        else log.warn({ projectId, reason: failure.reason }, 'A push to GitHub failed');
        const retry = failure.retry && claimed.attempts + 1 < MAX_PUSH_ATTEMPTS;
        await finishFailed(
          db,
          projectId,
          workerId,
          failure.message,
          retry
            ? new Date(Date.now() + retryDelayMs(claimed.attempts, this.ctx.retryBaseMs))
            : null,
        );
        return;
      }
    }
  }

  private async push(claimed: {
    projectId: string;
    userId: string;
    cloneUrl: string;
    branch: string;
    pushedVersionId: string | null;
    pushedCommit: string | null;
  }): Promise<void> {
    const { db, secrets, workerId } = this.ctx;
    // Only the account of the person who linked it, and only while the project is theirs.
    if ((await projectOwner(db, claimed.projectId)) !== claimed.userId)
      throw new PushFailure(PushMessages.newOwner, 'refused', false);
    const integration = await findIntegration(db, claimed.userId);
    if (!integration) throw new PushFailure(PushMessages.notConnected, 'refused', false);
    const pending = await versionsAfter(db, claimed.projectId, claimed.pushedVersionId);
    const coAuthor = (await coAuthorOf(db, claimed.userId)) ?? {
      name: integration.accountLogin,
      email: `${integration.accountLogin}@users.noreply.github.com`,
    };
    const commits = await pushVersions({
      gitdir: path.join(this.ctx.gitDir, `${claimed.projectId}.git`),
      cloneUrl: claimed.cloneUrl,
      branch: claimed.branch,
      token: secrets.open(integration.sealedToken),
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
}
