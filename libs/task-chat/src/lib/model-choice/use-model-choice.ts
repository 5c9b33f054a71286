import { useState } from 'react';
import { DEMO_MODEL, type Model, type ModelsResponse } from '@mason/contract';
import { readStoredModel, storeModel, useGetModelsQuery } from '@mason/api-client';

/**
 * The model a message is sent with: the stored choice (default CLAUDE_SONNET_4_5), or, when
 * this server cannot run it, the first model it can.
 */
export function effectiveModel(chosen: Model, models: ModelsResponse | undefined): Model {
  if (!models) return chosen;
  const available = models.models
    .filter((option) => option.available)
    .map((option) => option.model);
  return available.length === 0 || available.includes(chosen) ? chosen : (available[0] as Model);
}

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

/** The chosen model (stored in this browser) and what this server offers. */
export function useModelChoice() {
  const [chosen, setChosen] = useState<Model>(readStoredModel);
  const models = useGetModelsQuery();
  const choose = (model: Model) => {
    setChosen(model);
    storeModel(model);
  };
  const noneAvailable =
    models.data !== undefined && !models.data.models.some((option) => option.available);
  const model = effectiveModel(chosen, models.data);
  const serverHint = models.data?.setupHint ?? null;
  let notice: ModelNotice | null = null;
  if (model === DEMO_MODEL) notice = { text: DEMO_MODEL_HINT, details: serverHint };
  else if (noneAvailable) notice = { text: serverHint ?? NO_MODEL_HINT, details: null };
  return {
    model,
    choose,
    models: models.data,
    /** What to set on the server for real models (no model, or only the offline demo), else null. */
    notice,
  };
}
