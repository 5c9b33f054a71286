import os from 'node:os';
import { randomUUID } from 'node:crypto';
import {
  CodeHostingService,
  GitPusher,
  ProjectRepositoriesService,
} from '@mason/server-code-hosting';
import type { DatabaseHandle } from '@mason/server-db';
import { createJobQueue, type JobQueue } from '@mason/server-jobs';
import { projectChannel, type TaskEventBus, type TaskLoop } from '@mason/server-tasks';
import type { AppContext } from '../app-context';

/** The code-hosting service: GitHub through Octokit when configured, tokens sealed by SecretBox. */
export function codeHostingService(ctx: AppContext): CodeHostingService {
  return new CodeHostingService({
    db: ctx.db,
    github: ctx.github,
    secrets: ctx.secrets,
    publicUrl: ctx.config.publicUrl,
    log: ctx.log.child({ domain: 'code-hosting' }),
  });
}

/** How often each process sweeps for versions not pushed yet (a cheap query). */
const PUSH_SWEEP_MS = 2000;

/**
 * A project's repository: the service of its routes, and the `git-push` queue that pushes each
 * version as a commit (pg-boss on PostgreSQL, in process on PGlite; this process pushes only when
 * it is a worker). Start the queue once the app is ready; close it with the app.
 */
export function projectRepositories(
  ctx: AppContext,
  database: DatabaseHandle,
  tasks: Pick<TaskLoop, 'bus' | 'announceSyncedVersion' | 'postForPerson'>,
): { service: ProjectRepositoriesService; pushes: JobQueue; pusher: GitPusher | null } {
  const log = ctx.log.child({ domain: 'code-hosting' });
  const pusher = ctx.config.worker
    ? new GitPusher({
        db: ctx.db,
        secrets: ctx.secrets,
        gitDir: ctx.config.gitDir,
        log,
        workerId: `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
        // A pulled or merged version: in the project's task log, and announced to its screens.
        onVersion: async (version) => {
          await tasks.announceSyncedVersion(version);
          tasks.bus.publish(projectChannel(version.projectId), {
            type: 'version',
            versionId: version.id,
            index: version.index,
          });
        },
        askToMerge: async (projectId, userId, message) => {
          await tasks.postForPerson(projectId, userId, message);
        },
      })
    : null;
  const pushes = createJobQueue(database, {
    kind: 'git-push',
    source: pusher,
    concurrency: 2,
    sweepMs: PUSH_SWEEP_MS,
    log,
  });
  const service = new ProjectRepositoriesService({
    db: ctx.db,
    github: ctx.github,
    secrets: ctx.secrets,
    log,
    wake: (projectId) => pushes.wake(projectId),
    webhookSecret: ctx.config.github?.webhookSecret ?? null,
    gitDir: ctx.config.gitDir,
  });
  return { service, pushes, pusher };
}

/**
 * Wakes the `git-push` queue when a project gets a new version (the tasks' bus announces each on
 * the project's channel), so a linked project's push starts at once; the sweep finds it anyway.
 * Returns the unsubscribe function.
 */
export function pushNewVersions(bus: TaskEventBus, pushes: JobQueue): () => void {
  const prefix = projectChannel('');
  return bus.subscribeAll((channel, event) => {
    if (event.type !== 'version' || !channel.startsWith(prefix)) return;
    void pushes.wake(channel.slice(prefix.length));
  });
}
