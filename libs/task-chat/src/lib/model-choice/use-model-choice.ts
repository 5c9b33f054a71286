import { useState } from 'react';
import type { Model, ModelsResponse } from '@mason/contract';
import { readStoredModel, storeModel, useGetModelsQuery } from '@mason/api-client';

/**
 * The model a message is sent with: the stored choice (default CLAUDE_SONNET_4_5), or, when
 * this server cannot run it, the first model it can.
 */
export function effectiveModel(chosen: Model, models: ModelsResponse | undefined): Model {
  if (!models) return chosen;
  const available = models.models.filter((option) => option.available).map((option) => option.model);
  return available.length === 0 || available.includes(chosen) ? chosen : (available[0] as Model);
}

/** The chosen model (stored in this browser) and what this server offers. */
export function useModelChoice() {
  const [chosen, setChosen] = useState<Model>(readStoredModel);
  const models = useGetModelsQuery();
  const choose = (model: Model) => {
    setChosen(model);
    storeModel(model);
  };
  const noneAvailable = models.data !== undefined && !models.data.models.some((option) => option.available);
  return {
    model: effectiveModel(chosen, models.data),
    choose,
    models: models.data,
    /** What to set on the server when it can run no model, else null. */
    setupHint: noneAvailable
      ? (models.data?.setupHint ?? 'No AI model is configured on this server.')
      : null,
  };
}
