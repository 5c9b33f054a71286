import { useModelPreference } from '@mason/api-client';

/**
 * The model a new project is built with: the one this person chose last (stored), or, when this
 * server cannot run it, CLAUDE_SONNET_4_5 when it can, else the first model that can (the offline
 * demo when no provider is set up), which is then used but not stored.
 */
export function useProjectModel() {
  const { model, modelToSend, setAside, choose, modelsQuery } = useModelPreference();
  return { model, modelToSend, setAside, choose, models: modelsQuery.data?.models, modelsQuery };
}
