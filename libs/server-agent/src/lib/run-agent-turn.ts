import { randomUUID } from 'node:crypto';
import {
  streamText,
  type ModelMessage,
  type StepResult,
  type StopCondition,
  type ToolSet,
} from 'ai';
import type { McpCallRequest } from '@mason/contract';
import { applyProjectMigrations, DatabaseAccess, type MigrationsReport } from './database-tools';
import { messageOf } from './output';
import {
  askedCalls,
  createOutsideTools,
  DENIED_TOOL_RESULT,
  outsideToolNames,
  type OutsideTool,
  type UnreachableServer,
} from './outside-tools';
import { buildSystemPrompt } from './system-prompt';
import {
  createAgentTools,
  createAgentToolState,
  formatCheckResult,
  formatDiagnostic,
  type AgentToolState,
} from './tools';
import { outcomeOfProviderError } from './turn-errors';
import type { AgentEvent, RunTurnOptions, TurnLimits, TurnOutcome } from './types';

/** Steps in a row whose every tool call could not be read: after this many the turn fails (MALFORMED). */
export const MAX_MALFORMED_STEPS = 3;

type StopReason =
  'env' | 'repair' | 'malformed' | 'budget' | 'approval' | 'mcp-approval' | 'mcp-unreachable';

/** What stopped a turn besides its state: the outside call waiting for the person, the server not reached. */
interface OutsideStop {
  approval: McpCallRequest | null;
  unreachable: UnreachableServer | null;
}

function stepTokens(step: StepResult<ToolSet>): number {
  const { totalTokens, inputTokens, outputTokens } = step.usage;
  return totalTokens ?? (inputTokens ?? 0) + (outputTokens ?? 0);
}

/** Steps at the end of the list whose tool calls were all unreadable (bad JSON, unknown tool). */
function malformedStreak(steps: readonly StepResult<ToolSet>[]): number {
  let streak = 0;
  for (let index = steps.length - 1; index >= 0; index -= 1) {
    const calls = steps[index].content.filter((part) => part.type === 'tool-call');
    if (
      calls.length === 0 ||
      !calls.every((call) => (call as { invalid?: boolean }).invalid === true)
    )
      break;
    streak += 1;
  }
  return streak;
}

function toolInput(input: unknown): Record<string, unknown> {
  if (typeof input === 'object' && input !== null && !Array.isArray(input))
    return input as Record<string, unknown>;
  return { input: typeof input === 'string' ? input : JSON.stringify(input ?? null) };
}

function toolOutput(output: unknown): string {
  return typeof output === 'string' ? output : JSON.stringify(output ?? null);
}

function approvalMessage(steps: number, tokens: number): string {
  return `I have used ${steps} ${steps === 1 ? 'step' : 'steps'} and ${tokens.toLocaleString('en-US')} tokens on this so far and I am not done yet. Continue?`;
}

function stoppedOutcome(
  reason: StopReason,
  state: AgentToolState,
  limits: TurnLimits,
  usage: { steps: number; tokens: number },
  outside: OutsideStop,
): TurnOutcome {
  switch (reason) {
    case 'mcp-approval': {
      const call = outside.approval as McpCallRequest;
      return {
        kind: 'needs-attention',
        reason: 'MCP_SERVER_USAGE_APPROVAL',
        message: `The assistant wants to use the tool ${call.tool} of the MCP server "${call.serverName}". Allow it?`,
        mcpCall: call,
        mcpServerName: call.serverName,
      };
    }
    case 'mcp-unreachable': {
      const server = outside.unreachable as UnreachableServer;
      return {
        kind: 'needs-attention',
        reason: 'MCP_SERVER_CONNECTION_ISSUES',
        message: `The MCP server "${server.serverName}" cannot be reached: ${server.message} Retry when it is back, or check it in the MCP settings.`,
        mcpServerName: server.serverName,
      };
    }
    case 'env': {
      const request = state.envRequest ?? { keys: [], reason: '' };
      const keys = request.keys.map((k) => k.key).join(', ');
      return {
        kind: 'needs-attention',
        reason: 'ENV_VARIABLE',
        message: `The app needs ${keys}. ${request.reason}`.trim(),
        envKeys: request.keys,
      };
    }
    case 'repair':
      return {
        kind: 'failed',
        code: 'REPAIR_LIMIT',
        message:
          (state.lastCheckKind === 'migration'
            ? 'The database migration still fails after'
            : 'The project still does not build after') +
          ` ${limits.maxRepairs} ${limits.maxRepairs === 1 ? 'attempt' : 'attempts'} to fix it` +
          (state.lastCheckError ? ` (${state.lastCheckError})` : '') +
          '. Describe the problem in more detail or ask for a simpler approach, then send a message to try again, or revert to an earlier version.',
      };
    case 'malformed':
      return {
        kind: 'failed',
        code: 'MALFORMED',
        message:
          'The model kept sending tool calls that could not be read. Try again, or pick another model.',
      };
    case 'budget':
      return {
        kind: 'needs-attention',
        reason: 'NO_CREDITS',
        message:
          'Your credits have run out, so the assistant stopped. It goes on when you have credits again: upgrade your plan or buy credits.',
      };
    case 'approval':
      return {
        kind: 'needs-attention',
        reason: 'APPROVAL_THRESHOLD',
        message: approvalMessage(usage.steps, usage.tokens),
      };
  }
}

/**
 * One turn of the agent: the model answers the conversation, calling tools on `files`, step
 * after step until it is done or a bound stops it. Events reach `onEvent` in order and are
 * awaited. Provider failures, refusals and bounds end in a TurnOutcome; nothing of that kind is
 * thrown. Only an error thrown by `onEvent` (the caller's storage) is rethrown, after the model
 * call is cancelled.
 */
export async function runAgentTurn(options: RunTurnOptions): Promise<TurnOutcome> {
  const { model, provider, messages, files, limits, signal, onEvent, hasBudget } = options;
  if (signal?.aborted) return { kind: 'aborted' };
  const state = createAgentToolState();
  const database = options.database ? new DatabaseAccess(options.database) : undefined;
  /** Whether the project's database is on, asked per round (enable_database may turn it on). */
  const databaseOn = async (): Promise<boolean> => {
    try {
      return (await options.database?.enabled()) === true;
    } catch {
      return false;
    }
  };
  const outside: OutsideStop = { approval: null, unreachable: null };
  const outsideNames = outsideToolNames(options.outsideTools?.tools ?? []);
  const outsideTools = options.outsideTools
    ? createOutsideTools(
        options.outsideTools,
        outsideNames,
        (server) => {
          outside.unreachable ??= server;
        },
        askedCalls(messages),
      )
    : {};
  if (hasBudget && !(await hasBudget()))
    return stoppedOutcome('budget', state, limits, { steps: 0, tokens: 0 }, outside);

  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let stopReason: StopReason | null = null;
  let usage = { steps: 0, tokens: 0 };
  /** Steps and tokens of the rounds before this one (a round ends where Mason checks the build). */
  let earlier = { steps: 0, tokens: 0 };
  const stopWhen: StopCondition<ToolSet> = async ({ steps }) => {
    usage = {
      steps: earlier.steps + steps.length,
      tokens: earlier.tokens + steps.reduce((sum, step) => sum + stepTokens(step), 0),
    };
    if (state.envRequest) stopReason = 'env';
    else if (outside.unreachable) stopReason = 'mcp-unreachable';
    else if (state.failedChecks > limits.maxRepairs) stopReason = 'repair';
    else if (malformedStreak(steps) >= MAX_MALFORMED_STEPS) stopReason = 'malformed';
    else if (hasBudget && !(await hasBudget())) stopReason = 'budget';
    else if (
      usage.steps >= limits.maxSteps ||
      usage.steps >= limits.approvalSteps ||
      usage.tokens >= limits.approvalTokens
    ) {
      stopReason = 'approval';
    }
    return stopReason !== null;
  };

  // Text segments being streamed, by the provider's part id.
  const segments = new Map<string, { draftId: string; text: string }>();
  // An error of onEvent is the caller's (its storage failed): it is rethrown, not mapped.
  let callerError: { error: unknown } | null = null;
  const emit = async (event: AgentEvent) => {
    try {
      await onEvent(event);
    } catch (error) {
      callerError = { error };
      throw error;
    }
  };
  const closeSegment = async (id: string) => {
    const segment = segments.get(id);
    if (!segment) return;
    segments.delete(id);
    if (segment.text.length > 0)
      await emit({ type: 'text', draftId: segment.draftId, text: segment.text });
  };
  const closeSegments = async () => {
    for (const id of [...segments.keys()]) await closeSegment(id);
  };

  let streamError: unknown = undefined;
  let conversation: ModelMessage[] = [...messages];
  try {
    for (let round = 0; ; round += 1) {
      const result = streamText({
        model,
        system: buildSystemPrompt({
          runtimePackages: options.runtimePackages ?? [],
          instructions: options.instructions,
          envKeys: options.envKeys,
          publicFiles: options.publicFiles,
          database: database && { enabled: await databaseOn() },
          outsideTools: outsideNames.size > 0,
        }),
        messages: conversation,
        tools: {
          ...outsideTools,
          ...createAgentTools(files, state, options.previewErrors, options.nameProject, database),
        },
        stopWhen,
        maxRetries: 1,
        abortSignal: controller.signal,
        // Errors arrive as 'error' parts below; the default handler would print them.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        switch (part.type) {
          case 'text-start':
            segments.set(part.id, { draftId: randomUUID(), text: '' });
            break;
          case 'text-delta': {
            if (part.text.length === 0) break;
            let segment = segments.get(part.id);
            if (!segment) {
              segment = { draftId: randomUUID(), text: '' };
              segments.set(part.id, segment);
            }
            segment.text += part.text;
            await emit({ type: 'text-delta', draftId: segment.draftId, text: part.text });
            break;
          }
          case 'text-end':
            await closeSegment(part.id);
            break;
          case 'tool-call':
            await closeSegments();
            await emit({
              type: 'tool-call',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              input: toolInput(part.input),
            });
            break;
          case 'tool-result':
            await emit({
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: toolOutput(part.output),
              isError: false,
            });
            break;
          case 'tool-approval-request': {
            // The SDK stops after this step and runs the call when a later turn's conversation
            // carries the person's answer (historyFromLogs). One call is asked at a time; any
            // other the same step asked for is answered as interrupted.
            const entry: OutsideTool | undefined = outsideNames.get(part.toolCall.toolName);
            if (entry && !outside.approval) {
              outside.approval = {
                toolCallId: part.toolCall.toolCallId,
                approvalId: part.approvalId,
                serverId: entry.server.id,
                serverName: entry.server.name,
                tool: entry.tool,
                arguments: toolInput(part.toolCall.input) as McpCallRequest['arguments'],
              };
            }
            break;
          }
          case 'tool-output-denied':
            await emit({
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: DENIED_TOOL_RESULT,
              isError: true,
            });
            break;
          case 'tool-error':
            await emit({
              type: 'tool-result',
              toolCallId: part.toolCallId,
              toolName: part.toolName,
              output: messageOf(part.error),
              isError: true,
            });
            break;
          case 'finish-step':
            await closeSegments();
            await emit({
              type: 'usage',
              inputTokens: part.usage.inputTokens ?? 0,
              outputTokens: part.usage.outputTokens ?? 0,
            });
            break;
          case 'error':
            streamError ??= part.error;
            break;
          default:
            break;
        }
      }
      await closeSegments();
      // An outside call waits for the person: the conversation must end with it (the next turn
      // answers it first), so the turn ends here, before Mason's own checks.
      if (outside.approval && stopReason === null) stopReason = 'mcp-approval';
      if (streamError !== undefined || stopReason !== null || signal?.aborted) break;
      // After its edits the turn applies the migrations it wrote and checks the build, also when
      // the model did not: a failing migration or build goes back to the model as a message (the
      // bounded repair loop), and the person sees it.
      if (!state.uncheckedWrites && !(database && state.unappliedMigrations)) break;
      const problems: string[] = [];
      if (database && state.unappliedMigrations) {
        state.unappliedMigrations = false;
        const toolCallId = `mason-check-migrations-${randomUUID()}`;
        await emit({ type: 'tool-call', toolCallId, toolName: 'apply_migrations', input: {} });
        let migrated: MigrationsReport;
        try {
          migrated = await applyProjectMigrations(files, database);
        } catch (error) {
          migrated = {
            ok: true,
            report: `Mason could not reach the project's database (${messageOf(error)}); the migrations were not applied.`,
            error: null,
          };
        }
        await emit({
          type: 'tool-result',
          toolCallId,
          toolName: 'apply_migrations',
          output: migrated.report,
          isError: false,
        });
        if (!migrated.ok) {
          state.lastCheckError = migrated.error;
          state.lastCheckKind = 'migration';
          problems.push(
            `Mason applied the database migrations after your edits, and they fail:\n${migrated.report}`,
          );
        } else if (state.lastCheckKind === 'migration') {
          state.lastCheckError = null;
        }
      }
      if (state.uncheckedWrites) {
        const diagnostics = await files.check();
        state.uncheckedWrites = false;
        const toolCallId = `mason-check-${randomUUID()}`;
        const report = formatCheckResult(diagnostics);
        await emit({ type: 'tool-call', toolCallId, toolName: 'check_project', input: {} });
        await emit({
          type: 'tool-result',
          toolCallId,
          toolName: 'check_project',
          output: report,
          isError: false,
        });
        const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
        if (errors.length > 0) {
          state.lastCheckError = formatDiagnostic(errors[0]);
          state.lastCheckKind = 'build';
          problems.push(
            `Mason checked the project after your edits, and it does not build:\n${report}\nFix these errors, then check the project again.`,
          );
        }
      }
      if (problems.length === 0) break;
      state.failedChecks += 1;
      if (state.failedChecks > limits.maxRepairs) {
        stopReason = 'repair';
        break;
      }
      earlier = usage;
      const response = await result.response;
      conversation = [
        ...conversation,
        ...response.messages,
        { role: 'user', content: problems.join('\n\n') },
      ];
    }
  } catch (error) {
    if (callerError === null) streamError ??= error;
  } finally {
    signal?.removeEventListener('abort', forwardAbort);
    // Ends whatever the model call still holds open (and cancels it when onEvent failed).
    controller.abort();
  }
  if (callerError !== null) throw (callerError as { error: unknown }).error;

  if (signal?.aborted) return { kind: 'aborted' };
  if (streamError !== undefined)
    return outcomeOfProviderError(streamError, provider, options.ownKey === true);
  if (stopReason !== null) return stoppedOutcome(stopReason, state, limits, usage, outside);
  return { kind: 'completed' };
}
