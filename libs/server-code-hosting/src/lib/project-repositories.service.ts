import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import type {
  CodeHostingConflictDetailResponse,
  CreateProjectRepositoryRequest,
  LinkProjectRepositoryRequest,
  ProjectCodeHostingResponse,
  ResolveConflictRequest,
} from '@mason/contract';
import type { Database, ProjectRepositoryRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { findOwnedProject } from '@mason/server-projects';
import type { FastifyBaseLogger } from 'fastify';
import { findIntegration } from './code-hosting.repository';
import { CodeHostingMessages, githubFailure, type SecretSealer } from './code-hosting.service';
import { sideOf } from './conflicts';
import { readGitBlobs, treeFiles } from './git-pull';
import type { GithubClient, LinkableRepository } from './github-client';
import {
  deleteLink,
  findLink,
  hasVersionsToPush,
  requestPulls,
  requestPush,
  saveChoices,
  saveLink,
} from './project-repositories.repository';

/** What the project-repositories service is built from (apps/api composes it). */
export interface ProjectRepositoriesContext {
  readonly db: Database;
  /** The GitHub adapter; null when this server has no GitHub OAuth App configured. */
  readonly github: GithubClient | null;
  readonly secrets: SecretSealer;
  readonly log: FastifyBaseLogger;
  /** Wakes the `git-push` queue for the project (its sweep finds the push anyway). */
  wake(projectId: string): Promise<void>;
  /** The secret GitHub signs its webhooks with (GITHUB_WEBHOOK_SECRET); null: no webhook. */
  readonly webhookSecret?: string | null;
  /** Where each project's bare repository is kept (`{gitDir}/{projectId}.git`). */
  readonly gitDir: string;
}

/** How a webhook's signature checked out. */
export type WebhookCheck = 'disabled' | 'unsigned' | 'signed';

export const ProjectRepositoryMessages = {
  unreachableRepository:
    'Your GitHub account cannot reach that repository. Check its owner and name, or pick one from the list.',
  cannotPush:
    'Your GitHub account can read that repository but not push to it. Pick a repository you can push to.',
  nameTaken: 'Your GitHub account has a repository of that name already. Pick another name.',
  noConflict: 'This project has no conflict with GitHub to resolve.',
  conflictChanged:
    'GitHub or Mason has something new since you looked at the conflict. Look at the files again.',
} as const;

const IDLE = {
  state: 'IDLE',
  pushedVersionId: null,
  pushedCommit: null,
  pushedAt: null,
  error: null,
  retryAt: null,
} as const;

/**
 * A project's repository: link one the person's GitHub account can push to (any branch, a new
 * one too), create one for it, unlink it, and ask for a push. The pushes themselves are the
 * `git-push` queue's work (GitPusher); the answers say where they stand.
 */
export class ProjectRepositoriesService {
  constructor(private readonly ctx: ProjectRepositoriesContext) {}

  private async answer(row: ProjectRepositoryRow | null): Promise<ProjectCodeHostingResponse> {
    if (!row) return { link: null, sync: IDLE, conflict: null, merging: null };
    // A conflict with the person's choices is being applied: it is not theirs to look at now.
    const conflict = row.conflict && !row.conflict.choices ? row.conflict : null;
    const merging = (row.merges ?? []).flatMap((merge) => merge.files);
    const waiting = await hasVersionsToPush(this.ctx.db, row.projectId);
    const state =
      row.pushState === 'FAILED'
        ? 'FAILED'
        : waiting
          ? 'PENDING'
          : row.pushedVersionId
            ? 'PUSHED'
            : 'IDLE';
    return {
      link: {
        repositoryId: row.repositoryId,
        fullName: row.fullName,
        htmlUrl: row.htmlUrl,
        branch: row.branch,
        internal: row.internal,
      },
      sync: {
        state,
        pushedVersionId: row.pushedVersionId,
        pushedCommit: row.pushedCommit,
        pushedAt: row.pushedAt?.toISOString() ?? null,
        error: state === 'FAILED' ? row.lastError : null,
        retryAt: state === 'FAILED' ? (row.retryAt?.toISOString() ?? null) : null,
      },
      conflict: conflict && {
        theirs: conflict.theirs,
        githubCommits: conflict.githubCommits,
        masonVersions: conflict.masonVersions,
        files: [...conflict.files],
      },
      merging: merging.length > 0 ? { files: merging } : null,
    };
  }

  /** The connected account's token (409 without GitHub or a connection). */
  private async token(userId: string): Promise<{ github: GithubClient; token: string }> {
    if (!this.ctx.github) throw new RuleViolation('conflict', CodeHostingMessages.notConfigured);
    const integration = await findIntegration(this.ctx.db, userId);
    if (!integration) throw new RuleViolation('conflict', CodeHostingMessages.notConnected);
    return { github: this.ctx.github, token: this.ctx.secrets.open(integration.sealedToken) };
  }

  async get(userId: string, projectId: string): Promise<ProjectCodeHostingResponse> {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    return this.answer(await findLink(this.ctx.db, project.id));
  }

  async link(
    userId: string,
    projectId: string,
    request: LinkProjectRepositoryRequest,
  ): Promise<ProjectCodeHostingResponse> {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    const { github, token } = await this.token(userId);
    let repository: LinkableRepository | null;
    try {
      repository = await github.repository(token, request.fullName);
      // A branch that does not exist is fine (the first push makes it); anything else GitHub
      // answers about it is not.
      if (repository) await github.hasBranch(token, repository.fullName, request.branch);
    } catch (error) {
      throw githubFailure(error);
    }
    if (!repository)
      throw new RuleViolation('invalid', ProjectRepositoryMessages.unreachableRepository, {
        fullName: ProjectRepositoryMessages.unreachableRepository,
      });
    if (!repository.canPush)
      throw new RuleViolation('invalid', ProjectRepositoryMessages.cannotPush, {
        fullName: ProjectRepositoryMessages.cannotPush,
      });
    return this.saveAndPush(userId, project.id, repository, request.branch, false);
  }

  async create(
    userId: string,
    projectId: string,
    request: CreateProjectRepositoryRequest,
  ): Promise<ProjectCodeHostingResponse> {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    const { github, token } = await this.token(userId);
    let repository: LinkableRepository | null;
    try {
      repository = await github.createRepository(token, request.name, request.private);
    } catch (error) {
      throw githubFailure(error);
    }
    if (!repository)
      throw new RuleViolation('invalid', ProjectRepositoryMessages.nameTaken, {
        name: ProjectRepositoryMessages.nameTaken,
      });
    this.ctx.log.info(
      { projectId: project.id, repository: repository.fullName },
      'Repository created',
    );
    return this.saveAndPush(userId, project.id, repository, repository.defaultBranch, true);
  }

  private async saveAndPush(
    userId: string,
    projectId: string,
    repository: LinkableRepository,
    branch: string,
    internal: boolean,
  ): Promise<ProjectCodeHostingResponse> {
    const row = await saveLink(this.ctx.db, {
      projectId,
      userId,
      repositoryId: repository.id,
      fullName: repository.fullName,
      cloneUrl: repository.cloneUrl,
      htmlUrl: repository.htmlUrl,
      branch,
      internal,
    });
    await this.ctx.wake(projectId);
    return this.answer(row);
  }

  async unlink(userId: string, projectId: string): Promise<ProjectCodeHostingResponse> {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    await deleteLink(this.ctx.db, project.id);
    return this.answer(null);
  }

  /**
   * Whether the body carries GitHub's `X-Hub-Signature-256` (`sha256=` and the HMAC-SHA256 of the
   * raw body with the webhook secret), compared in constant time.
   */
  checkWebhook(body: Buffer, signature: string | undefined): WebhookCheck {
    const secret = this.ctx.webhookSecret;
    if (!secret) return 'disabled';
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    const given = Buffer.from(signature ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? 'signed'
      : 'unsigned';
  }

  /**
   * A signed GitHub event: a `push` to a branch of a linked repository queues a pull of each
   * project linked to it (the `git-push` queue runs it). Anything else is ignored. Answers the
   * projects queued.
   */
  async webhook(event: string | undefined, body: Buffer): Promise<string[]> {
    if (event !== 'push') return [];
    let payload: { ref?: unknown; repository?: { id?: unknown } };
    try {
      payload = JSON.parse(body.toString('utf8')) as typeof payload;
    } catch {
      return [];
    }
    const ref = typeof payload.ref === 'string' ? payload.ref : '';
    const id = payload.repository?.id;
    if (!ref.startsWith('refs/heads/') || (typeof id !== 'number' && typeof id !== 'string'))
      return [];
    const projects = await requestPulls(this.ctx.db, String(id), ref.slice('refs/heads/'.length));
    for (const projectId of projects) await this.ctx.wake(projectId);
    if (projects.length > 0)
      this.ctx.log.info({ projects: projects.length }, 'GitHub push event: pulls queued');
    return projects;
  }

  /** The conflict waiting for the person's choice (404 when there is none). */
  private async openConflict(userId: string, projectId: string) {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    const link = await findLink(this.ctx.db, project.id);
    const conflict = link?.conflict;
    if (!conflict || conflict.choices)
      throw new RuleViolation('not-found', ProjectRepositoryMessages.noConflict);
    return { projectId: project.id, conflict };
  }

  /** Each conflicting file in the last common commit and on both sides (from Mason's git copy). */
  async conflict(userId: string, projectId: string): Promise<CodeHostingConflictDetailResponse> {
    const { projectId: id, conflict } = await this.openConflict(userId, projectId);
    const gitdir = path.join(this.ctx.gitDir, `${id}.git`);
    const [base, mason, github] = await Promise.all(
      [conflict.base, conflict.ours, conflict.theirs].map((commit) => treeFiles(gitdir, commit)),
    );
    const oids = conflict.files.flatMap((file) =>
      [base, mason, github].map((side) => side.get(file)).filter((oid): oid is string => !!oid),
    );
    const blobs = await readGitBlobs(gitdir, oids);
    const sideIn = (files: ReadonlyMap<string, string>, file: string) => {
      const oid = files.get(file);
      return sideOf(oid ? blobs.get(oid) : undefined);
    };
    return {
      theirs: conflict.theirs,
      githubCommits: conflict.githubCommits,
      masonVersions: conflict.masonVersions,
      files: conflict.files.map((file) => ({
        path: file,
        base: sideIn(base, file),
        mason: sideIn(mason, file),
        github: sideIn(github, file),
      })),
    };
  }

  /**
   * The person's choice for each conflicting file, for the conflict they looked at (409 when it
   * changed since): kept with the conflict, and a sync applies it (a merge version, pushed).
   */
  async resolveConflict(
    userId: string,
    projectId: string,
    request: ResolveConflictRequest,
  ): Promise<ProjectCodeHostingResponse> {
    const { projectId: id, conflict } = await this.openConflict(userId, projectId);
    if (conflict.theirs !== request.theirs)
      throw new RuleViolation('conflict', ProjectRepositoryMessages.conflictChanged);
    const chosen = new Map(request.files.map((file) => [file.path, file.keep]));
    const missing = conflict.files.filter((file) => !chosen.has(file));
    const unknown = [...chosen.keys()].filter((file) => !conflict.files.includes(file));
    if (missing.length > 0 || unknown.length > 0 || chosen.size !== request.files.length) {
      const message =
        missing.length > 0
          ? `Choose a side for ${missing.join(', ')}.`
          : unknown.length > 0
            ? `${unknown.join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not in the conflict.`
            : 'Choose one side for each file, once.';
      throw new RuleViolation('invalid', message, { files: message });
    }
    const notText = [...chosen]
      .filter(([file, keep]) => keep === 'ASSISTANT' && !conflict.textFiles.includes(file))
      .map(([file]) => file);
    if (notText.length > 0) {
      const message = `The assistant merges text files only: choose Mason’s or GitHub’s ${notText.join(', ')}.`;
      throw new RuleViolation('invalid', message, { files: message });
    }
    const choices = conflict.files.map((file) => ({
      path: file,
      keep: chosen.get(file) ?? 'MASON',
    }));
    if (!(await saveChoices(this.ctx.db, id, conflict.theirs, choices)))
      throw new RuleViolation('conflict', ProjectRepositoryMessages.conflictChanged);
    this.ctx.log.info({ projectId: id, files: choices.length }, 'Conflict choices saved');
    await this.ctx.wake(id);
    return this.answer(await findLink(this.ctx.db, id));
  }

  /** Pulls what GitHub has, then pushes what is not pushed (a failed sync too). 409 when nothing is linked. */
  async sync(userId: string, projectId: string): Promise<ProjectCodeHostingResponse> {
    const project = await findOwnedProject(this.ctx.db, userId, projectId);
    if (!(await findLink(this.ctx.db, project.id)))
      throw new RuleViolation('conflict', 'Link a repository to this project first.');
    await requestPush(this.ctx.db, project.id);
    await this.ctx.wake(project.id);
    return this.answer(await findLink(this.ctx.db, project.id));
  }
}
