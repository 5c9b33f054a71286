import {
  EnvKeySchema,
  type McpCallRequest,
  TaskConflictMessages,
  revertSummary,
  taskCommands,
  type TaskActionParams,
  type TaskLogOf,
} from '@mason/contract';
import type { TaskRow, VersionRow } from '@mason/server-db';
import { RuleViolation } from '@mason/server-http';
import { setEnvVariable } from '@mason/server-projects';
import * as z from 'zod/mini';
import { projectChannel } from './task-events';
import { toTaskLog } from './task-mapping';
import type { TasksContext } from './tasks-context';
import { markResolved, resolveOpenRequests } from './task-records.repository';
import { findLog, withTask } from './tasks.repository';
import { cancelQueuedTurn } from './turns';
import { announceVersion } from './version-entries';
import { failedDeploymentNote } from './failed-deployments';
import { USER_COMMIT_NOTE } from './outside-commits';

/** The contract's view of a task row's state, for taskCommands. */
const asTask = (row: { state: string; pauseReason: string | null }) =>
  row as Parameters<typeof taskCommands>[0];

/** An answer to a request of the assistant, checked and ready to run (see prepareAction). */
export interface PreparedAction {
  readonly logId: string;
  readonly action: TaskActionParams['action'];
  readonly envValues: readonly { key: string; value: string }[];
}

/**
 * What a person does to a task beside writing to it: pause, resume, archive, revert, answer a
 * request. Each checks the task's state machine (the contract's taskCommands) inside the task's
 * lock, and breaks no rule silently: a refusal is a RuleViolation with the catalogue's words.
 */
export class TaskCommands {
  constructor(private readonly ctx: Pick<TasksContext, 'db' | 'loop' | 'secrets' | 'preview'>) {}

  /** The assistant stops after its current step; the task keeps its work. */
  async pause(taskId: string): Promise<TaskRow> {
    const { task } = await withTask(this.ctx.db, this.ctx.loop.bus, taskId, async (writer) => {
      if (!taskCommands(asTask(writer.task)).pause) {
        throw new RuleViolation('conflict', TaskConflictMessages.pause);
      }
      await cancelQueuedTurn(writer.tx, writer.task.id);
      await writer.transition(writer.task.state as 'PENDING' | 'IN_PROGRESS', 'MANUAL');
    });
    this.ctx.loop.runner?.abortTask(task.id);
    return task;
  }

  /** A paused or failed task goes back to work (its open requests count as answered). */
  async resume(taskId: string): Promise<TaskRow> {
    const { service, bus } = this.ctx.loop;
    const { task, result: turnId } = await withTask(this.ctx.db, bus, taskId, async (writer) => {
      if (!taskCommands(asTask(writer.task)).resume) {
        throw new RuleViolation('conflict', TaskConflictMessages.resume);
      }
      const repair =
        writer.task.pauseReason === 'FAILED_DEPLOYMENT'
          ? await failedDeploymentNote(writer.tx, writer.task.id)
          : null;
      await resolveOpenRequests(writer.tx, writer.task.id);
      const note =
        repair ??
        (writer.task.pauseReason === 'MANUAL'
          ? 'The person paused you and has now resumed. Continue where you left off.'
          : writer.task.pauseReason === 'USER_COMMIT'
            ? USER_COMMIT_NOTE
            : 'The person asked you to try again. Continue where you left off.');
      // "Fix with AI" on a failed publish: the assistant repairs its own build (not charged).
      const turnId = await service.queueTurn(writer, repair ? 'REPAIR' : 'RESUME', note);
      await writer.transition('IN_PROGRESS', null);
      return turnId;
    });
    await service.wake(turnId);
    return task;
  }

  /** Puts a finished task away (ARCHIVED) or brings it back (COMPLETED). */
  async setArchived(taskId: string, archived: boolean): Promise<TaskRow> {
    const [allowed, target, message] = archived
      ? (['archive', 'ARCHIVED', TaskConflictMessages.archive] as const)
      : (['unarchive', 'COMPLETED', TaskConflictMessages.unarchive] as const);
    const { task } = await withTask(this.ctx.db, this.ctx.loop.bus, taskId, async (writer) => {
      if (!taskCommands(asTask(writer.task))[allowed]) {
        throw new RuleViolation('conflict', message);
      }
      await cancelQueuedTurn(writer.tx, writer.task.id);
      await resolveOpenRequests(writer.tx, writer.task.id);
      await writer.transition(target, null);
    });
    return task;
  }

  /** A new version with an earlier version's files, announced in the task's log. */
  /** A new version with an older one's files; `previous` was the newest before (Undo goes back to it). */
  async revert(
    owned: TaskRow,
    versionId: string,
  ): Promise<{ task: TaskRow; version: VersionRow; previous: VersionRow | null }> {
    const { db, loop, preview } = this.ctx;
    const target = await loop.versions.getVersion(db, owned.projectId, versionId);
    if (!target) throw new RuleViolation('not-found', VERSION_NOT_FOUND);
    const refuse = (row: TaskRow) => {
      const busy =
        (row.state === 'PENDING' || row.state === 'IN_PROGRESS') && row.pauseReason === null;
      if (busy || row.state === 'ARCHIVED') {
        throw new RuleViolation('conflict', TaskConflictMessages.revert);
      }
    };
    // The app's data goes back first (outside the task's transaction: it takes a moment), so the
    // preview never shows the reverted files over the newer data; if the version cannot be made
    // after all, the data is put back.
    refuse(owned);
    const newest = await loop.versions.latestVersion(db, owned.projectId);
    const data = loop.timeTravel
      ? await loop.timeTravel.revert(owned.projectId, newest, target)
      : null;
    const { task, result } = await withTask(db, loop.bus, owned.id, async (writer) => {
      refuse(writer.task);
      const previous = await loop.versions.latestVersion(writer.tx, owned.projectId);
      const made = await loop.versions.revertTo(writer.tx, owned.projectId, target.id, {
        taskId: writer.task.id,
        summary: revertSummary(target.index),
      });
      if (!made) throw new RuleViolation('not-found', VERSION_NOT_FOUND);
      const version = await announceVersion(writer, preview, made, revertNote(target.index, data));
      return { version, previous };
    }).catch(async (error: unknown) => {
      await data?.undo();
      throw error;
    });
    return { task, ...result };
  }

  /**
   * Checks an answer to one of the assistant's requests against what it offered (and the values
   * it asked for), before anything changes.
   */
  async prepareAction(
    owned: TaskRow,
    logId: string,
    params: TaskActionParams,
  ): Promise<PreparedAction> {
    const entry = await findLog(this.ctx.db, owned.id, logId);
    if (!entry || entry.type !== 'NEEDS_ATTENTION') {
      throw new RuleViolation('not-found', 'That request does not exist in this task.');
    }
    const log = toTaskLog(entry) as TaskLogOf<'NEEDS_ATTENTION'>;
    const offered = log.payload.actions.find((action) => action.action === params.action);
    if (!offered) {
      throw new RuleViolation(
        'invalid',
        `This request can be answered with: ${log.payload.actions.map((a) => a.action).join(', ')}.`,
      );
    }
    if (params.action !== 'PROVIDE_VALUES') return { logId, action: params.action, envValues: [] };
    const values = params.values ?? {};
    const fieldErrors: Record<string, string> = {};
    const envValues = offered.fields.map((field) => ({
      key: field.name,
      value: values[field.name] ?? '',
    }));
    for (const { key, value } of envValues) {
      if (!z.safeParse(EnvKeySchema, key).success) fieldErrors[key] = 'Not a valid variable name.';
      else if (!value.trim()) fieldErrors[key] = 'Enter a value.';
    }
    if (Object.keys(fieldErrors).length) {
      throw new RuleViolation('invalid', 'Fill in every value.', fieldErrors);
    }
    return { logId, action: params.action, envValues };
  }

  /** Answers the request once: settles it, stores given values, and goes on (or stops, on REJECT). */
  async runAction(owned: TaskRow, prepared: PreparedAction): Promise<TaskRow> {
    const { db, loop, secrets } = this.ctx;
    const { logId, action, envValues } = prepared;
    // "Always" and "never" set the tool's policy once the answer is stored: the MCP servers keep
    // their policies through their own connection, which must not wait on this transaction.
    let policy = null as { call: McpCallRequest; policy: 'ALWAYS' | 'NEVER' } | null;
    const { task, result: turnId } = await withTask(db, loop.bus, owned.id, async (writer) => {
      const current = await findLog(writer.tx, owned.id, logId);
      if (!current || (current.payload as { resolved?: boolean }).resolved) {
        throw new RuleViolation('conflict', TaskConflictMessages.action);
      }
      const reason = (current.payload as { reason?: string }).reason;
      const mcpCall = (current.payload as { mcpCall?: McpCallRequest }).mcpCall;
      // An outside call's answer is kept with the request: the next turn runs the call (or tells
      // the assistant it was refused) before anything else, from the log.
      await markResolved(writer.tx, owned.id, current.seq, mcpCall ? action : undefined);
      for (const variable of envValues) {
        await setEnvVariable(writer.tx, secrets, owned.projectId, variable);
      }
      if (mcpCall && (action === 'APPROVE_ALWAYS' || action === 'REJECT_ALWAYS')) {
        policy = { call: mcpCall, policy: action === 'APPROVE_ALWAYS' ? 'ALWAYS' : 'NEVER' };
      }
      if (action === 'REJECT' && !mcpCall) {
        await writer.transition(
          writer.task.state === 'PENDING' || writer.task.state === 'IN_PROGRESS'
            ? 'COMPLETED'
            : (writer.task.state as 'COMPLETED'),
          null,
        );
        return null;
      }
      const repair =
        reason === 'FAILED_DEPLOYMENT' ? await failedDeploymentNote(writer.tx, owned.id) : null;
      const note =
        reason === 'USER_COMMIT'
          ? USER_COMMIT_NOTE
          : mcpCall
            ? mcpAnswerNote(mcpCall, action)
            : action === 'PROVIDE_VALUES'
              ? `The person set the environment variables ${envValues.map((v) => v.key).join(', ')} for this project. The app reads the VITE_ ones as import.meta.env.NAME; the others stay on the server. Continue with the work that needed them.`
              : (repair ?? 'The person said to go on. Continue where you left off.');
      const trigger = repair && action !== 'PROVIDE_VALUES' ? 'REPAIR' : 'ACTION';
      const turnId = await loop.service.queueTurn(writer, trigger, note);
      await writer.transition('IN_PROGRESS', null);
      return turnId;
    });
    // Stored: the project's previews build again with the new values.
    if (envValues.length > 0) loop.bus.publish(projectChannel(owned.projectId), { type: 'env' });
    if (policy) {
      const { call, policy: chosen } = policy;
      await loop.mcp?.setPolicy(owned.userId, call.serverId, call.tool, chosen);
    }
    if (turnId) await loop.service.wake(turnId);
    return task;
  }
}

const VERSION_NOT_FOUND = 'That version does not exist in this project.';

/** What the next turn is told of the person's answer to an outside call. */
function mcpAnswerNote(call: McpCallRequest, action: TaskActionParams['action']): string {
  const tool = `the tool ${call.tool} of the MCP server "${call.serverName}"`;
  switch (action) {
    case 'APPROVE':
      return `The person allowed this call of ${tool}; it ran first, and its result is above. Continue.`;
    case 'APPROVE_ALWAYS':
      return `The person allowed ${tool} from now on; the call ran first, and its result is above. Continue.`;
    case 'REJECT_ALWAYS':
      return `The person refused this call of ${tool} and every later one: the tool is gone. Continue without it.`;
    default:
      return `The person refused this call of ${tool}, so it did not run. Continue without it, or ask them what they want instead.`;
  }
}

/** What the revert's version says it did, the app's data included. */
function revertNote(
  index: number,
  data: {
    restoredFrom: number | null;
    attached?: { readonly reverted: readonly string[]; readonly applied: readonly string[] };
  } | null,
): string {
  const attached = data?.attached;
  if (attached && attached.reverted.length + attached.applied.length > 0)
    return `reverted to version ${index} (the attached database's schema too; its rows stay as they are: Mason keeps no copy of a database it does not host)`;
  if (attached)
    return `reverted to version ${index} (the attached database stays as it is: Mason keeps no copy of a database it does not host)`;
  return data && data.restoredFrom !== null
    ? `reverted to version ${index} (its database too)`
    : `reverted to version ${index}`;
}
