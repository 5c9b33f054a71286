import { DEMO_MODEL } from '@mason/contract';
import { useModelPreference } from '@mason/api-client';

/** Said while the offline demo model is the one in use. */
export const DEMO_MODEL_HINT = 'Demo (offline) builds a small checklist app from your words.';

/**
 * The chat's model: the person's choice (stored in this browser, default CLAUDE_SONNET_4_5),
 * else what this server can run (used, never stored), and what to set up when nothing but the
 * offline demo runs.
 */
export function useModelChoice() {
  const { model, choose, modelsQuery } = useModelPreference();
  const models = modelsQuery.data;
  const noneAvailable = models !== undefined && !models.models.some((option) => option.available);
  let setupHint: string | null = null;
  if (model === DEMO_MODEL) setupHint = `${DEMO_MODEL_HINT} ${models?.setupHint ?? ''}`.trim();
  else if (noneAvailable) setupHint = models?.setupHint ?? 'No AI model is configured on this server.';
  return {
    model,
    choose,
    models,
    /** What to set on the server for real models (no model, or only the offline demo), else null. */
    setupHint,
  };
}
