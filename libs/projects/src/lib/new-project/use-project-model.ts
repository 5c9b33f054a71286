import { useEffect, useState } from 'react';
import type { Model } from '@mason/contract';
import { readStoredModel, storeModel, useGetModelsQuery } from '@mason/api-client';

/**
 * The model a new project is built with: the one this person chose last (stored), or, when this
 * server cannot run it, the first one it can (the offline demo when no provider is set up),
 * which is then used but not stored.
 */
export function useProjectModel() {
  const modelsQuery = useGetModelsQuery();
  const [model, setModel] = useState<Model>(readStoredModel);
  const models = modelsQuery.data?.models;
  useEffect(() => {
    if (!models) return;
    const chosen = models.find((option) => option.model === model);
    const firstAvailable = models.find(({ available }) => available);
    if ((!chosen || !chosen.available) && firstAvailable) setModel(firstAvailable.model);
  }, [models, model]);

  const choose = (next: Model) => {
    setModel(next);
    storeModel(next);
  };
  return { model, choose, models, modelsQuery };
}
