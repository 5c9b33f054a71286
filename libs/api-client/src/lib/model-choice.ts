import { useState } from 'react';
import { DEFAULT_MODEL, type Model, type ModelOption } from '@mason/contract';
import { useGetModelsQuery, useLazyGetModelsQuery } from './endpoints/models';
import { readStoredModel, storeModel } from './model-preference';

/**
 * The model a message or a new project is sent with (SPEC.md 4): the person's stored choice
 * (CLAUDE_SONNET_4_5 until they choose) while this server can run it, else CLAUDE_SONNET_4_5
 * whenever it can run, else the first model that can. While GET /models loads, or when nothing
 * can run, the choice itself.
 */
export function effectiveModel(chosen: Model, models: readonly ModelOption[] | undefined): Model {
  const available = (models ?? []).filter((option) => option.available).map(({ model }) => model);
  if (available.length === 0 || available.includes(chosen)) return chosen;
  return available.includes(DEFAULT_MODEL) ? DEFAULT_MODEL : (available[0] as Model);
}

/**
 * The person's model choice, shared by the new-project forms and the chat: what they pick is
 * stored; what the picker preselects because their choice cannot run here is only used, never
 * stored, and gives way to their choice (or the default) as soon as that can run again.
 */
export function useModelPreference() {
  const [chosen, setChosen] = useState<Model>(readStoredModel);
  const modelsQuery = useGetModelsQuery();
  const choose = (model: Model) => {
    setChosen(model);
    storeModel(model);
  };
  const [fetchModels] = useLazyGetModelsQuery();
  const model = effectiveModel(chosen, modelsQuery.data?.models);
  /**
   * The model to send a message or a new project with: `model`, once GET /models has answered.
   * A send that comes first waits for that answer (the request in flight, or the cached one), so
   * a stored choice this server cannot run is never sent just because the list was still loading.
   * When the list cannot be loaded, the choice itself (the server says if it cannot run it).
   */
  const modelToSend = async (): Promise<Model> => {
    if (modelsQuery.data) return model;
    const answer = await fetchModels(undefined, true);
    return effectiveModel(chosen, answer.data?.models);
  };
  return {
    model,
    modelToSend,
    /** The person's choice (or the default) when it cannot run here and `model` stands in for it. */
    setAside: model === chosen ? null : chosen,
    choose,
    modelsQuery,
  };
}
