import { turnCostLines } from '@mason/contract/billing';
import { turnCostSince, waiveTurnUsage, type WaivedReason } from '@mason/server-billing';
import type { Executor } from '@mason/server-db';
import type { TurnTrigger } from './turns';
import type { TaskWriter } from './tasks.repository';

/**
 * Fair usage (issue 12, README "Which turns are not charged"): what a turn's steps are charged,
 * and the TURN_COST entry that tells the person.
 */

/**
 * The codes of a failed turn that are no fault of the person: the AI provider (or Mason's
 * connection to it) failed, or sent what could not be read. Nothing of it is charged.
 */
const PROVIDER_FAILURES: ReadonlySet<string> = new Set([
  'PROVIDER_UNREACHABLE',
  'PROVIDER_ERROR',
  'PROVIDER_AUTH',
  'PROVIDER_BILLING',
  'RATE_LIMITED',
  'MALFORMED',
  'AGENT_ERROR',
]);

/** Why a failed turn's steps are not charged, or null when the failure is the turn's own. */
export function waiverOfFailure(code: string): WaivedReason | null {
  if (PROVIDER_FAILURES.has(code)) return 'provider';
  if (code === 'INTERNAL' || code === 'RESTARTED') return 'interrupted';
  return null;
}

/**
 * What the steps of a running turn are charged: a REPAIR turn (Mason asked the assistant to fix
 * its own runtime or publish build error) is not charged at all; in any other turn, the steps
 * after Mason's own check of the assistant's edits found errors are its repair and not charged.
 */
export class TurnCharges {
  private checkedByMason = false;

  /** `ownKey`: the turn runs on the person's own OpenRouter key; OpenRouter charges them. */
  constructor(
    private readonly trigger: string,
    private readonly ownKey = false,
  ) {}

  /** A tool result of the turn: Mason's check after the assistant's edits (`mason-check-…`). */
  sawToolResult(toolCallId: string): void {
    if (toolCallId.startsWith(MASON_CHECK_PREFIX)) this.checkedByMason = true;
  }

  /** The waiver of the next model call's tokens, or null: charged. */
  waiver(): WaivedReason | null {
    if (this.ownKey) return 'own_key';
    return this.trigger === REPAIR_TRIGGER || this.checkedByMason ? 'repair' : null;
  }
}

const REPAIR_TRIGGER: TurnTrigger = 'REPAIR';
/** server-agent's id of the check it runs after the assistant's edits (run-agent-turn.ts). */
const MASON_CHECK_PREFIX = 'mason-check-';

/** The turn failed through no fault of the person: what it was charged is given back. */
export async function waiveTurn(
  tx: Executor,
  turn: { readonly taskId: string; readonly startedAt: Date | null },
  userId: string,
  reason: WaivedReason,
): Promise<void> {
  if (!turn.startedAt) return;
  await waiveTurnUsage(tx, { userId, taskId: turn.taskId, since: turn.startedAt, reason });
}

/**
 * The TURN_COST entry of a turn that called the model: what it cost, and what was not charged
 * (`unpricedModel`: the name of the turn's model when it has no price).
 */
export async function appendTurnCost(
  writer: TaskWriter,
  turn: { readonly startedAt: Date | null },
  unpricedModel: string | null = null,
): Promise<void> {
  if (!turn.startedAt) return;
  const found = await turnCostSince(writer.tx, writer.task.id, turn.startedAt);
  if (!found) return;
  const cost = unpricedModel ? { ...found, unpricedModel } : found;
  await writer.append('TURN_COST', turnCostLines(cost).join('\n'), cost);
}
