import { eq, sql } from 'drizzle-orm';
import type { Model } from '@mason/contract';
import {
  runAgentTurn,
  type ModelRegistry,
  type OutsideTools,
  type ResolvedModel,
  type TurnOutcome,
  type UnreachableServer,
} from '@mason/server-agent';
import {
  taskTurns,
  tasks,
  type Database,
  type TaskRow,
  type TaskTurnRow,
  type VersionRow,
} from '@mason/server-db';
import {
  RUNTIME_PACKAGES,
  VersionStore,
  WorkingTree,
  projectUploadsSize,
} from '@mason/server-workspace';
import type { FastifyBaseLogger } from 'fastify';
import type {
  TasksAppDatabasePort,
  TasksConfig,
  TasksMcpPort,
  TasksOpenRouterKeysPort,
  TasksPreviewPort,
} from './tasks-context';
import { attentionActions } from './attention';
import { pauseBeforeModel, unreachableServerMessage } from './turn-pauses';
import { recordAgentEvent } from './turn-events';
import { projectChannel, type TaskEventBus } from './task-events';
import { allLogs, withTask } from './tasks.repository';
import { keepLease, LostTurnError } from './turn-lease';
import { claimTurn, finishTurn, MAX_TURN_ATTEMPTS, type TurnTrigger } from './turns';
import { creditBudget } from '@mason/server-billing';
import { appendTurnCost, TurnCharges, waiveTurn, waiverOfFailure } from './turn-charges';
import { commitTree, turnOrigin } from './version-entries';
import { followedFiles } from './followed-files';
import { NAME_PROJECT_NOTE, projectNamer } from './project-naming';
import { loadEnvKeys, modelHistory, publicFilesOf, summaryOf } from './turn-inputs';
import { USER_COMMIT_NOTE, userCommitMessage, type OutsideCommitsPort } from './outside-commits';

export interface TurnRunnerDeps {
  db: Database;
  bus: TaskEventBus;
  config: TasksConfig;
  registry: ModelRegistry;
  log: FastifyBaseLogger;
  /** This process's name in task_turns.worker_id. */
  workerId: string;
  preview: Pick<TasksPreviewPort, 'url' | 'recentErrors'>;
}

/** How often a running turn looks for a pause made through another process. */
const PAUSE_POLL_MS = 1000;

/**
 * Runs one turn of the assistant: claims it, runs the agent on a working tree over the
 * project's newest version, stores every event as a log entry as it happens, and ends with one
 * transaction that makes the new version (if files changed), writes the outcome and frees the
 * turn. A crash before that transaction leaves the files at the version the turn started from.
 */
export class TurnRunner {
  private readonly running = new Map<string, { taskId: string; abort: AbortController }>();
  private readonly versionStore: VersionStore;
  private stopping = false;
  /** Outside commits on a linked project's branch (null: code hosting is not wired). */
  outsideCommits: OutsideCommitsPort | null = null;
  /** The projects' built-in databases, for the assistant's tools (null: not wired, no tools). */
  appDatabase: TasksAppDatabasePort | null = null;
  /** The person's MCP servers, for tools from outside (null: not wired, none). */
  mcp: TasksMcpPort | null = null;
  /** People's own OpenRouter keys: their turns run on them (null: not wired). */
  openRouterKeys: TasksOpenRouterKeysPort | null = null;

  constructor(private readonly deps: TurnRunnerDeps) {
    this.versionStore = new VersionStore(deps.db);
  }

  /** How many turns this process runs now. */
  get activeCount(): number {
    return this.running.size;
  }

  /** Stops the running turn of a task in this process (the person paused it). */
  abortTask(taskId: string): void {
    for (const run of this.running.values()) if (run.taskId === taskId) run.abort.abort();
  }

  /** Shutting down: running turns stop and go back to the queue, unsaved work is discarded. */
  stopAll(): void {
    this.stopping = true;
    for (const run of this.running.values()) run.abort.abort();
  }

  /** Runs the turn if this worker can claim it; resolves when the turn has ended (or was not ours). */
  async run(turnId: string): Promise<void> {
    const { db, config, workerId, log } = this.deps;
    const claim = await claimTurn(db, turnId, workerId, config.turnLeaseSeconds);
    if (!claim) return;
    const { turn, recovered } = claim;
    const abort = new AbortController();
    this.running.set(turn.id, { taskId: turn.taskId, abort });
    const lease = keepLease(db, turn.id, workerId, config.turnLeaseSeconds, log, () =>
      abort.abort(),
    );
    try {
      await this.runClaimed(turn, recovered, abort);
    } catch (error) {
      if (error instanceof LostTurnError || lease.lost) {
        log.warn({ turnId }, 'Another worker took over this turn; its work here is discarded');
      } else {
        log.error({ err: error, turnId }, 'A turn failed unexpectedly');
        await this.failTurn(
          turn,
          'INTERNAL',
          'Something went wrong on our side while the assistant was working. Your files are as they were before this step. Resume to try again.',
        ).catch((failure: unknown) =>
          log.error({ err: failure }, 'Could not record a failed turn'),
        );
      }
    } finally {
      lease.stop();
      this.running.delete(turn.id);
    }
  }

  private async runClaimed(turn: TaskTurnRow, recovered: boolean, abort: AbortController) {
    const { db, bus, registry } = this.deps;
    const [task] = await db.select().from(tasks).where(eq(tasks.id, turn.taskId));
    if (!task) return;
    let base = await this.versionStore.latestVersion(db, task.projectId);
    const baseLabel = base ? `version ${base.index}` : 'the start';

    if (recovered) {
      if (turn.attempts > MAX_TURN_ATTEMPTS) {
        await this.failTurn(
          turn,
          'RESTARTED',
          `Mason stopped twice while the assistant was working on this, so it has stopped trying. Your files are as they were at ${baseLabel}. Send a message or resume to try again.`,
        );
        return;
      }
      await withTask(db, bus, task.id, async (writer) => {
        // The interrupted attempt's work was discarded: its model calls are not charged.
        await waiveTurn(writer.tx, turn, task.userId, 'interrupted');
        await writer.append(
          'ERROR',
          `Mason restarted while the assistant was working. Changes it had not saved were discarded, so your files are as they were at ${baseLabel}. It is starting this step again.`,
          { code: 'RESTARTED' },
        );
      });
    }

    // A pause that came in before the turn started: nothing to do.
    if (task.pauseReason !== null || !['PENDING', 'IN_PROGRESS'].includes(task.state)) {
      await db.transaction((tx) => finishTurn(tx, turn.id, this.deps.workerId, 'CANCELLED'));
      return;
    }
    if (task.state === 'PENDING') {
      await withTask(db, bus, task.id, (writer) => writer.transition('IN_PROGRESS'));
    }

    // Someone pushed to the project's branch since Mason's last version: the turn does not run
    // over their work. Continuing (this turn's note) brings it in first.
    const outside = await this.outsideCommits?.check(task.projectId);
    if (outside && this.outsideCommits) {
      if (turn.note !== USER_COMMIT_NOTE) {
        await this.pauseForCommits(turn, outside.count, outside.branch);
        return;
      }
      const failure = await this.outsideCommits.pull(task.projectId);
      if (failure) {
        await this.failTurn(
          turn,
          'USER_COMMIT',
          `Mason could not bring in the commits from GitHub, so the assistant did not start: ${failure}`,
        );
        return;
      }
      base = await this.versionStore.latestVersion(db, task.projectId);
    }

    const openRouterKey = (await this.openRouterKeys?.keyOf(task.userId)) ?? null;
    const resolved = registry.resolve(task.model as Model, { openRouterKey });
    if (!resolved.ok) {
      await this.failTurn(turn, 'NO_MODEL', resolved.message);
      return;
    }

    // The tools of the MCP servers the project may use, listed afresh: a server that cannot be
    // reached pauses the turn before the model is asked anything (Retry tries again).
    const toolset = await this.mcp?.open(task.userId, task.projectId);
    try {
      const [unreachable] = toolset?.unreachable ?? [];
      if (unreachable) {
        await this.pauseForServer(turn, unreachable);
        return;
      }
      await this.runModel(turn, task, base, resolved, recovered, abort, toolset?.tools);
    } finally {
      await toolset?.close().catch(() => undefined);
    }
  }

  private async runModel(
    turn: TaskTurnRow,
    task: TaskRow,
    base: VersionRow | null,
    resolved: Extract<ResolvedModel, { ok: true }>,
    recovered: boolean,
    abort: AbortController,
    outsideTools: OutsideTools | undefined,
  ) {
    const { db, bus, config } = this.deps;

    const budgetLeft = async () => {
      const { remaining } = await creditBudget(db, config.billing, task.userId);
      return remaining === null || remaining > 0;
    };
    // The turn's inputs are independent reads, made at once: the embedded database runs them
    // back to back, a PostgreSQL server side by side. The agent's first budget check (before
    // its first model call) is read with them.
    // A turn on the person's own OpenRouter key costs no credits: OpenRouter's answer (402) says
    // when their account runs dry.
    const ownKey = resolved.ownKey === true;
    let firstBudgetCheck: Promise<boolean> | null = ownKey ? null : budgetLeft();
    firstBudgetCheck?.catch(() => undefined);
    const [uploads, logs, nameProject, envKeys, publicFiles] = await Promise.all([
      projectUploadsSize(db, task.projectId),
      allLogs(db, task.id),
      projectNamer(db, task.projectId, turn.trigger as TurnTrigger),
      loadEnvKeys(db, task.projectId),
      publicFilesOf(db, base),
    ]);
    // The files may grow up to what PROJECT_MAX_BYTES leaves beside the project's uploads.
    const tree = new WorkingTree(db, base, {
      maxBytes: Math.max(0, config.projectMaxBytes - uploads),
    });
    const messages = await modelHistory(db, task.projectId, logs);
    const notes = [
      task.additionalInstructions,
      turn.note,
      nameProject ? NAME_PROJECT_NOTE : null,
      recovered
        ? 'Your previous attempt at this step was interrupted and the files it wrote were not saved. Read the files again before you change them.'
        : null,
    ].filter((note): note is string => !!note);

    // The files the tools read first, read while the model thinks (the tree reads on its own
    // what this misses): a first write then reaches the live previews at once, without waiting
    // for the log entries the turn is storing.
    void tree.warm().catch(() => undefined);

    const watcher = setInterval(() => {
      db.select({ pauseReason: tasks.pauseReason })
        .from(tasks)
        .where(eq(tasks.id, task.id))
        .then(
          ([row]) => {
            if (row?.pauseReason) abort.abort();
          },
          () => undefined,
        );
    }, PAUSE_POLL_MS);
    let lastText = '';
    const charges = new TurnCharges(turn.trigger, ownKey);
    // The project's live previews follow the files as the assistant writes them; when the turn
    // ends they are told the files settled (stored as the newest version, or discarded).
    const channel = projectChannel(task.projectId);
    let followed = false;
    const files = followedFiles(tree, (changes) => {
      followed = true;
      bus.publish(channel, { type: 'files', changes });
    });
    try {
      let outcome: TurnOutcome;
      try {
        outcome = await runAgentTurn({
          model: resolved.model,
          provider: resolved.provider,
          ownKey,
          messages,
          files,
          limits: config.turnLimits,
          runtimePackages: RUNTIME_PACKAGES,
          envKeys,
          publicFiles,
          instructions: notes.join('\n\n') || undefined,
          previewErrors: () => this.deps.preview.recentErrors(task.projectId),
          ...(nameProject && { nameProject }),
          ...(this.appDatabase && { database: this.appDatabase(task.projectId) }),
          ...(outsideTools && outsideTools.tools.length > 0 && { outsideTools }),
          signal: abort.signal,
          hasBudget: () => {
            if (ownKey) return true;
            const check = firstBudgetCheck ?? budgetLeft();
            firstBudgetCheck = null;
            return check;
          },
          onEvent: async (event) => {
            if (event.type === 'text') lastText = event.text;
            if (event.type === 'tool-result') charges.sawToolResult(event.toolCallId);
            await recordAgentEvent(this.deps, task, resolved.label, event, charges.waiver());
          },
        });
      } finally {
        clearInterval(watcher);
      }

      if (outcome.kind === 'aborted' && this.stopping) {
        // Shutting down: give the turn back to the queue; the next start runs it again. Its work
        // so far is discarded, so what it cost is not charged.
        await db.transaction((tx) => waiveTurn(tx, turn, task.userId, 'interrupted'));
        await db
          .update(taskTurns)
          .set({
            status: 'QUEUED',
            workerId: null,
            leaseUntil: null,
            attempts: sql`${taskTurns.attempts} - 1`,
          })
          .where(eq(taskTurns.id, turn.id));
        return;
      }
      // A model without a price (the operator's, unpriced): its turn says why it was not charged.
      const unpriced = config.billing.pricing.models[task.model as Model] === null;
      const ended = { ...task, unpricedModel: unpriced ? resolved.label : null };
      await this.finish(turn, ended, tree, outcome, summaryOf(lastText, task.description));
    } finally {
      if (followed) bus.publish(channel, { type: 'files-settled' });
    }
  }

  /** The one transaction that ends a turn: new version, outcome, task state, turn freed. */
  private async finish(
    turn: TaskTurnRow,
    task: { projectId: string; userId: string; unpricedModel: string | null },
    tree: WorkingTree,
    outcome: TurnOutcome,
    summary: string,
  ) {
    const { db, bus, workerId } = this.deps;
    const status =
      outcome.kind === 'failed' ? 'FAILED' : outcome.kind === 'aborted' ? 'CANCELLED' : 'DONE';
    await withTask(db, bus, turn.taskId, async (writer) => {
      if (!(await finishTurn(writer.tx, turn.id, workerId, status))) throw new LostTurnError();
      const { preview } = this.deps;
      const origin = turnOrigin(turn.trigger);
      const version = await commitTree(writer, preview, task.projectId, tree, summary, origin);
      const waiver = outcome.kind === 'failed' ? waiverOfFailure(outcome.code) : null;
      if (waiver) await waiveTurn(writer.tx, turn, task.userId, waiver);
      await appendTurnCost(writer, turn, task.unpricedModel);
      switch (outcome.kind) {
        case 'completed':
          await writer.transition('COMPLETED', null, { noChanges: version === null });
          return;
        case 'needs-attention':
          await writer.append('NEEDS_ATTENTION', outcome.message, {
            reason: outcome.reason,
            actions: attentionActions(outcome.reason, outcome.envKeys),
            resolved: false,
            ...(outcome.mcpCall && { mcpCall: outcome.mcpCall }),
            ...(outcome.mcpServerName && { mcpServerName: outcome.mcpServerName }),
          });
          await writer.transition(
            writer.task.state === 'PENDING' ? 'IN_PROGRESS' : (writer.task.state as 'IN_PROGRESS'),
            outcome.reason,
          );
          return;
        case 'failed':
          await writer.append('ERROR', outcome.message, { code: outcome.code });
          await writer.transition('FAILED');
          return;
        case 'aborted':
          // Paused: the work so far is kept (committed above); the task waits for resume.
          return;
      }
    });
  }

  /** The turn does not run: the task waits with USER_COMMIT until the person continues. */
  private pauseForCommits(turn: TaskTurnRow, count: number, branch: string) {
    return pauseBeforeModel(this.deps, turn, 'USER_COMMIT', userCommitMessage(count, branch));
  }

  /** The turn does not run: an MCP server the project uses cannot be reached (Retry). */
  private pauseForServer(turn: TaskTurnRow, server: UnreachableServer) {
    return pauseBeforeModel(
      this.deps,
      turn,
      'MCP_SERVER_CONNECTION_ISSUES',
      unreachableServerMessage(server),
      { mcpServerName: server.serverName },
    );
  }

  /** Ends a turn as FAILED with a log entry saying why; the files stay as they were. */
  private async failTurn(turn: TaskTurnRow, code: string, message: string) {
    const { db, bus, workerId } = this.deps;
    await withTask(db, bus, turn.taskId, async (writer) => {
      if (!(await finishTurn(writer.tx, turn.id, workerId, 'FAILED'))) throw new LostTurnError();
      const waiver = waiverOfFailure(code);
      if (waiver) await waiveTurn(writer.tx, turn, writer.task.userId, waiver);
      await appendTurnCost(writer, turn);
      await writer.append('ERROR', message, { code });
      if (writer.task.state === 'PENDING' || writer.task.state === 'IN_PROGRESS') {
        await writer.transition('FAILED');
      }
    });
  }
}
