import { DEMO_MODEL } from '@mason/contract';
import { useModelPreference } from '@mason/api-client';

/** Said while the offline demo model is the one in use. */
export const DEMO_MODEL_HINT = 'Demo (offline) builds a small checklist app from your words.';

/** Said when this server can run no model (and the server gave no hint). */
export const NO_MODEL_HINT = 'No AI model is configured on this server.';

/** The link to what to set on the server, under a short notice. */
export const SETUP_DETAILS_LABEL = 'How to use a real model';

/** A short line about the model in use, and the server's setup hint behind a link (or null). */
export interface ModelNotice {
  readonly text: string;
  readonly details: string | null;
}

/**
 * The chat's model: the person's choice (stored in this browser, default CLAUDE_SONNET_4_5),
 * else what this server can run (used, never stored), and a short notice when nothing but the
 * offline demo runs (what to set up behind a link).
 */
export function useModelChoice() {
  const { model, modelToSend, choose, modelsQuery } = useModelPreference();
  const models = modelsQuery.data;
  const noneAvailable = models !== undefined && !models.models.some((option) => option.available);
  const serverHint = models?.setupHint ?? null;
  let notice: ModelNotice | null = null;
  if (model === DEMO_MODEL) notice = { text: DEMO_MODEL_HINT, details: serverHint };
  else if (noneAvailable) notice = { text: serverHint ?? NO_MODEL_HINT, details: null };
  return {
    model,
    /** The model to send with (waits for GET /models when it has not answered yet). */
    modelToSend,
    choose,
    models,
    /** What to set on the server for real models (no model, or only the offline demo), else null. */
    notice,
  };
}
