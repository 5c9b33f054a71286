import { DEFAULT_MODEL, DEMO_MODEL, ModelSchema, type Model } from '@mason/contract';

/** SPEC.md 4: the selected model is stored (this browser's localStorage) and defaults to CLAUDE_SONNET_4_5. */
export const MODEL_STORAGE_KEY = 'mason.model';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (private modes, sandboxed frames): the choice then lasts the page.
    return null;
  }
}

/**
 * The model this person chose last (the new-project form and the chat share it), or
 * DEFAULT_MODEL when nothing usable is stored (never stored, storage off, or a model that no
 * longer exists).
 */
export function readStoredModel(): Model {
  try {
    const parsed = ModelSchema.safeParse(storage()?.getItem(MODEL_STORAGE_KEY));
    return parsed.success && parsed.data !== DEMO_MODEL ? parsed.data : DEFAULT_MODEL;
  } catch {
    return DEFAULT_MODEL;
  }
}

/**
 * Remembers the chosen model for the next form or chat on this browser. The offline demo is
 * never remembered: it is preselected only while the server has no provider.
 */
export function storeModel(model: Model): void {
  if (model === DEMO_MODEL) return;
  try {
    storage()?.setItem(MODEL_STORAGE_KEY, model);
  } catch {
    // Full or blocked storage: the choice still applies to this page.
  }
}
