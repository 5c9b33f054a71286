import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createModelRegistry, type ModelRegistry } from '@mason/server-agent';
import type { DatabaseHandle, TaskRow, VersionRow } from '@mason/server-db';
import { createJobQueue, type JobQueue } from '@mason/server-jobs';
import { VersionStore } from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';
import type {
  TasksAppDatabasePort,
  TasksConfig,
  TasksMcpPort,
  TasksOpenRouterKeysPort,
  TasksPreviewPort,
  TasksTimeTravelPort,
} from './tasks-context';
import { LocalTaskEventBus, PostgresTaskEventBus, type TaskEventBus } from './task-events';
import { TaskLogCursors } from './task-log-cursors';
import { TaskService } from './task-service';
import type { OutsideCommitsPort } from './outside-commits';
import { announceSyncedVersion, postForPerson } from './synced-versions';
import { TurnRunner } from './turn-runner';
import { claimableTurns } from './turns';

/** Everything the task loop's routes share: the event bus, the queue, the runner, the stores. */
export interface TaskLoop {
  bus: TaskEventBus;
  registry: ModelRegistry;
  versions: VersionStore;
  service: TaskService;
  /** null when this process runs no turns (WORKER=false). */
  runner: TurnRunner | null;
  /** Hands queued turns to workers (this process's, or every process's on PostgreSQL). */
  turns: JobQueue;
  /** The newest log seq of recently read tasks: empty polls are answered without a query. */
  cursors: TaskLogCursors;
  /** Looks for outside commits before each turn of a linked project (apps/api: code hosting). */
  useOutsideCommits(port: OutsideCommitsPort): void;
  /**
   * Gives turns the project's built-in database (apps/api: server-app-data): the assistant can
   * turn it on, read its schema and apply migrations. Without it, turns have no database tools.
   */
  useAppDatabase(appDatabase: TasksAppDatabasePort): void;
  /** Reverts bring the project's development database back too (apps/api: server-app-data). */
  useTimeTravel(timeTravel: TasksTimeTravelPort): void;
  /** The time travel reverts use, or null (no app databases). */
  readonly timeTravel: TasksTimeTravelPort | null;
  /** Gives turns the tools of the project's MCP servers (apps/api: server-mcp). */
  useMcp(mcp: TasksMcpPort): void;
  /** The MCP servers approvals set policies through, or null (not wired). */
  readonly mcp: TasksMcpPort | null;
  /** Runs people's turns on their own OpenRouter key (apps/api: server-open-router). */
  useOpenRouterKeys(keys: TasksOpenRouterKeysPort): void;
  /** The keys GET /models asks about, or null (not wired). */
  readonly openRouterKeys: TasksOpenRouterKeysPort | null;
  /** A version a sync with GitHub made: announced in the project's newest task. */
  announceSyncedVersion(version: VersionRow): Promise<void>;
  /** A message the person asked Mason to send for them, into the project's newest task. */
  postForPerson(projectId: string, userId: string, content: string): Promise<TaskRow>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface TaskLoopOptions {
  /** Replaces the registry built from config.agent (tests). */
  registry?: ModelRegistry;
  /** The projects' databases for the assistant's tools (the same as useAppDatabase). */
  appDatabase?: TasksAppDatabasePort;
}

export async function createTaskLoop(
  config: TasksConfig,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  preview: Pick<TasksPreviewPort, 'url' | 'recentErrors'>,
  options: TaskLoopOptions = {},
): Promise<TaskLoop> {
  const { db } = database;
  const onBusError = (error: unknown) => log.warn({ err: error }, 'Task event relay error');
  const bus: TaskEventBus =
    database.kind === 'postgres' && database.url
      ? await PostgresTaskEventBus.start(database.url, onBusError)
      : new LocalTaskEventBus();
  const registry = options.registry ?? createModelRegistry(config.agent);
  const workerId = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const runner = config.worker
    ? new TurnRunner({ db, bus, config, registry, log, workerId, preview })
    : null;
  if (runner && options.appDatabase) runner.appDatabase = options.appDatabase;
  const turns = createJobQueue(database, {
    kind: 'task-turn',
    source: runner && {
      claimable: async (limit) => (await claimableTurns(db, limit)).map((turn) => turn.id),
      run: (turnId) => runner.run(turnId),
      stopAll: () => runner.stopAll(),
    },
    concurrency: config.workerConcurrency,
    sweepMs: Math.max(500, (config.turnLeaseSeconds * 1000) / 2),
    log,
  });
  const cursors = new TaskLogCursors(bus);
  let openRouterKeys: TasksOpenRouterKeysPort | null = null;
  const service = new TaskService(db, bus, turns, async (tx, userId) =>
    registry.defaultModel({ ownKey: (await openRouterKeys?.hasKey(tx, userId)) ?? false }),
  );
  let timeTravel: TasksTimeTravelPort | null = null;
  let mcp: TasksMcpPort | null = null;
  return {
    bus,
    registry,
    versions: new VersionStore(db),
    service,
    runner,
    turns,
    cursors,
    useOutsideCommits: (port) => {
      if (runner) runner.outsideCommits = port;
    },
    useAppDatabase: (appDatabase) => {
      if (runner) runner.appDatabase = appDatabase;
    },
    useTimeTravel: (port) => {
      timeTravel = port;
    },
    get timeTravel() {
      return timeTravel;
    },
    useMcp: (port) => {
      mcp = port;
      if (runner) runner.mcp = port;
    },
    get mcp() {
      return mcp;
    },
    useOpenRouterKeys: (port) => {
      openRouterKeys = port;
      if (runner) runner.openRouterKeys = port;
    },
    get openRouterKeys() {
      return openRouterKeys;
    },
    announceSyncedVersion: (version) => announceSyncedVersion({ db, bus, preview }, version),
    postForPerson: (projectId, userId, content) =>
      postForPerson({ db, service }, projectId, userId, content),
    start: () => turns.start(),
    close: async () => {
      await turns.close();
      cursors.close();
      await bus.close();
    },
  };
}
