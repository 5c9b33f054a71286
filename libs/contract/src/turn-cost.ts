/**
 * What a turn of the assistant cost, as the chat shows it (issue 12, fair usage). No zod here:
 * the chat imports it at runtime. The server writes the same lines into the TURN_COST entry's
 * content, so both read alike.
 */

/**
 * Why a turn (or part of it) was not charged:
 * - `repair`: the assistant fixing its own build or runtime errors;
 * - `provider`: the AI provider failed (outage, 5xx, network, an unreadable answer);
 * - `interrupted`: Mason crashed, restarted or failed mid-turn and the work was discarded or lost;
 * - `own_key`: the turn ran on the person's own OpenRouter key, which OpenRouter charges.
 */
export const TURN_WAIVED_REASONS = ['repair', 'provider', 'interrupted', 'own_key'] as const;
export type TurnWaivedReason = (typeof TURN_WAIVED_REASONS)[number];

/** The TURN_COST entry's payload: credits (one credit, one cent of model cost) and tokens. */
export interface TurnCost {
  /** What the turn was charged. */
  readonly chargedCredits: number;
  /** What it cost and was not charged, and why (null when nothing was waived). */
  readonly waivedCredits: number;
  readonly waivedReason: TurnWaivedReason | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  /**
   * The turn's model by name when it has no price (the operator's own until LLM_PRICE_*_PER_MTOK
   * are set): nothing was charged for that reason. Absent or null: it has a price.
   */
  readonly unpricedModel?: string | null;
}

export const TURN_WAIVED_TEXTS: Readonly<Record<TurnWaivedReason, string>> = {
  repair: 'the assistant fixed its own error',
  provider: 'the AI provider failed',
  interrupted: 'Mason stopped while the assistant was working',
  own_key: 'it ran on your OpenRouter key',
};

/** "3.2 credits", "1 credit", "less than 0.1 credits". */
export function formatTurnCredits(credits: number): string {
  if (credits > 0 && credits < 0.05) return 'less than 0.1 credits';
  const rounded = Number(credits.toFixed(1));
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'credit' : 'credits'}`;
}

/**
 * The lines the chat shows for a turn: "This turn: 3.2 credits" when anything was charged (or
 * nothing was waived), "Not charged: no price set for <model>" when its model has no price, and
 * "Not charged: <why> (1.1 credits)" for what was waived.
 */
export function turnCostLines(cost: TurnCost): string[] {
  const lines: string[] = [];
  if (cost.unpricedModel && cost.chargedCredits <= 0) {
    lines.push(`Not charged: no price set for ${cost.unpricedModel}`);
  } else if (cost.chargedCredits > 0 || cost.waivedCredits <= 0 || cost.waivedReason === null) {
    lines.push(`This turn: ${formatTurnCredits(cost.chargedCredits)}`);
  }
  if (cost.waivedReason !== null && cost.waivedCredits > 0) {
    lines.push(
      `Not charged: ${TURN_WAIVED_TEXTS[cost.waivedReason]} (${formatTurnCredits(cost.waivedCredits)})`,
    );
  }
  return lines;
}
