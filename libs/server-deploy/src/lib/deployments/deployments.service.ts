import { EventEmitter } from 'node:events';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  APP_SLUG_NEEDS_PUBLISHED_APP,
  DEPLOYMENT_WAIT_MS,
  type Deployment,
  type DeploymentResponse,
  type DeploymentStatus,
} from '@mason/contract';
import { versions, type Executor } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { createJobQueue, type JobQueue } from '@mason/server-jobs';
import { findOwnedProject } from '@mason/server-projects';
import { lockProject } from '@mason/server-workspace';
import { and, desc, eq } from 'drizzle-orm';
import { appUrl, type DeployContext } from '../deploy-context';
import { changeSlug, currentSlug, ensureSlug } from '../slugs/app-slugs';
import { DeploymentBuilder } from './deployment-builder';
import {
  claimableDeployments,
  findDeployment,
  listDeployments,
  liveDeployment,
  makeLive,
  queueDeployment,
  takeOffline,
  type DeploymentWithVersion,
} from './deployments.repository';

const VERSION_NOT_FOUND = 'That version does not exist in this project.';
const DEPLOYMENT_NOT_FOUND = 'That deployment does not exist in this project.';
const NOT_BUILT = 'Only a deployment that built can be served again. Publish the version instead.';

/** The contract's view of a deployment; `slug` names its address while it is LIVE. */
export function toDeployment(row: DeploymentWithVersion, url: string | null): Deployment {
  return {
    id: row.id,
    projectId: row.projectId,
    versionId: row.versionId,
    versionIndex: row.versionIndex,
    status: row.status,
    url: row.status === 'LIVE' ? url : null,
    error: row.error,
    buildLog: row.buildLog,
    canRollBack: row.manifest !== null && row.status !== 'LIVE',
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function newestVersion(db: Executor, projectId: string) {
  const [row] = await db
    .select({ id: versions.id, index: versions.index })
    .from(versions)
    .where(eq(versions.projectId, projectId))
    .orderBy(desc(versions.index))
    .limit(1);
  return row ?? null;
}

/** A deployment on its way; a wait for it ends when it is anything else. */
const IN_PROGRESS: readonly DeploymentStatus[] = ['QUEUED', 'BUILDING'];
/**
 * How often a wait looks at the database again: a build of another process (PostgreSQL, more
 * than one Mason) sends no signal to this one.
 */
const WAIT_RECHECK_MS = 1000;

/**
 * Publishing: a publish is a deployment row (the durable job) queued with the request and built
 * by a worker of the `deployment` queue; rollback and unpublish only move which deployment is
 * LIVE, so they are instant and build nothing.
 */
export class DeploymentsService {
  readonly builder: DeploymentBuilder | null;
  private readonly queue: JobQueue;
  /** Says a deployment's id when this process's build of it ended (LIVE or FAILED). */
  private readonly ended = new EventEmitter().setMaxListeners(0);
  /** Ends every wait when the service closes. */
  private readonly closing = new AbortController();

  constructor(private readonly ctx: DeployContext) {
    const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    this.builder = ctx.config.worker ? new DeploymentBuilder(ctx, workerId) : null;
    const builder = this.builder;
    this.queue = createJobQueue(ctx.database, {
      kind: 'deployment',
      source: builder && {
        claimable: (limit) => claimableDeployments(ctx.db, limit),
        run: (id) => builder.run(id).finally(() => this.ended.emit(id)),
        // Builds take seconds: one under way finishes; a dead process's claim expires.
        stopAll: () => undefined,
      },
      concurrency: ctx.config.buildConcurrency,
      sweepMs: 5000,
      log: ctx.log,
    });
  }

  start(): Promise<void> {
    return this.queue.start();
  }

  async close(): Promise<void> {
    this.closing.abort();
    await this.queue.close();
    await this.builder?.close();
  }

  /**
   * GET /projects/:id/deployment. With `waitFor` (a deployment of the project on its way), the
   * answer waits until it is LIVE or FAILED, at most DEPLOYMENT_WAIT_MS, or until `signal` aborts
   * (the caller left).
   */
  async get(
    userId: string,
    projectId: string,
    { waitFor, signal }: { waitFor?: string; signal?: AbortSignal } = {},
  ): Promise<DeploymentResponse> {
    const { db, config } = this.ctx;
    const project = await findOwnedProject(db, userId, projectId);
    if (waitFor) await this.waitUntilEnded(project.id, waitFor, signal);
    const [history, live, slug, newest] = await Promise.all([
      listDeployments(db, project.id),
      liveDeployment(db, project.id),
      currentSlug(db, project.id),
      newestVersion(db, project.id),
    ]);
    const url = slug ? appUrl(config, slug) : null;
    return {
      deployment: history[0] ? toDeployment(history[0], url) : null,
      live: live ? toDeployment(live, url) : null,
      slug,
      url,
      latestVersionIndex: newest?.index ?? 0,
      history: history.map((row) => toDeployment(row, url)),
    };
  }

  private async waitUntilEnded(projectId: string, id: string, signal?: AbortSignal) {
    const stop = signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal;
    const deadline = Date.now() + DEPLOYMENT_WAIT_MS;
    while (!stop.aborted && Date.now() < deadline) {
      // Listening before looking: a build that ends in between is not missed.
      const next = this.nextEnd(id, Math.min(WAIT_RECHECK_MS, deadline - Date.now()), stop);
      const row = await findDeployment(this.ctx.db, projectId, id);
      if (!row || !IN_PROGRESS.includes(row.status)) {
        next.cancel();
        return;
      }
      await next.done;
    }
  }

  /** Resolves when this process ends deployment `id`'s build, after `ms`, or on `stop`. */
  private nextEnd(id: string, ms: number, stop: AbortSignal) {
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), ms);
      finish = () => {
        clearTimeout(timer);
        this.ended.off(id, finish);
        stop.removeEventListener('abort', finish);
        resolve();
      };
      this.ended.once(id, finish);
      stop.addEventListener('abort', finish, { once: true });
    });
    return { done, cancel: () => finish() };
  }

  /** POST /projects/:id/deployment: queues a build of the version (the newest by default). */
  async publish(userId: string, projectId: string, versionId?: string): Promise<Deployment> {
    const { db, config } = this.ctx;
    const project = await findOwnedProject(db, userId, projectId);
    const { row, slug } = await db.transaction(async (tx) => {
      await lockProject(tx, project.id);
      const version = versionId
        ? (
            await tx
              .select({ id: versions.id })
              .from(versions)
              .where(and(eq(versions.projectId, project.id), eq(versions.id, versionId)))
          )[0]
        : await newestVersion(tx, project.id);
      if (!version) throw new RuleViolation('not-found', VERSION_NOT_FOUND);
      const slug = await ensureSlug(tx, project.id, project.name);
      const queued = await queueDeployment(tx, project.id, version.id);
      const row = await findDeployment(tx, project.id, queued.id);
      return { row: row as DeploymentWithVersion, slug };
    });
    await this.queue.wake(row.id);
    return toDeployment(row, appUrl(config, slug));
  }

  /** POST /projects/:id/deployment/rollback: serves an earlier build again, at once. */
  async rollback(userId: string, projectId: string, deploymentId: string): Promise<Deployment> {
    const { db, config } = this.ctx;
    const project = await findOwnedProject(db, userId, projectId);
    const row = await db.transaction(async (tx) => {
      await lockProject(tx, project.id);
      const target = await findDeployment(tx, project.id, deploymentId);
      if (!target) throw new RuleViolation('not-found', DEPLOYMENT_NOT_FOUND);
      if (target.status === 'LIVE') return target;
      if (target.manifest === null) throw new RuleViolation('conflict', NOT_BUILT);
      await makeLive(tx, project.id, target.id);
      return (await findDeployment(tx, project.id, target.id)) as DeploymentWithVersion;
    });
    const slug = await currentSlug(db, project.id);
    return toDeployment(row, slug ? appUrl(config, slug) : null);
  }

  /** DELETE /projects/:id/deployment: the app goes offline (publish or roll back to return). */
  async unpublish(userId: string, projectId: string): Promise<void> {
    const { db } = this.ctx;
    const project = await findOwnedProject(db, userId, projectId);
    await db.transaction(async (tx) => {
      await lockProject(tx, project.id);
      await takeOffline(tx, project.id);
    });
  }

  /**
   * POST /projects/:id/deployment/slug: a new address; the old one redirects for 30 days. Only
   * while the app is published (a name nothing is served at would only squat it), and at most
   * APP_SLUG_CHANGES_PER_DAY times a day.
   */
  async changeSlug(userId: string, projectId: string, slug: string): Promise<DeploymentResponse> {
    const { db } = this.ctx;
    const project = await findOwnedProject(db, userId, projectId);
    await db.transaction(async (tx) => {
      await lockProject(tx, project.id);
      if (!(await liveDeployment(tx, project.id)))
        throw new RuleViolation('conflict', APP_SLUG_NEEDS_PUBLISHED_APP, {
          slug: APP_SLUG_NEEDS_PUBLISHED_APP,
        });
      await changeSlug(tx, project.id, slug);
    });
    return this.get(userId, project.id);
  }
}
