import * as z from 'zod/mini';
import { ModelSchema, type Model } from './enums';

/** Who serves a model: its maker's API, OpenRouter, or an OpenAI-compatible endpoint (LLM_BASE_URL). */
export const ModelProviderSchema = z.enum([
  'anthropic',
  'openai',
  'google',
  'openrouter',
  'openai-compatible',
  /** Mason's own offline demo model (no provider). */
  'demo',
]);
export type ModelProvider = z.infer<typeof ModelProviderSchema>;

/**
 * The names people read in the model picker. The operator's endpoint is read by its own id
 * (endpointModelLabel, from GET /models); this generic name is only for where the id is not known.
 */
export const MODEL_LABELS: Readonly<Record<Model, string>> = {
  CLAUDE_SONNET_4_5: 'Claude Sonnet 4.5',
  CLAUDE_4_SONNET: 'Claude Sonnet 4',
  CLAUDE_3_7_SONNET: 'Claude 3.7 Sonnet',
  GPT_4_1: 'GPT-4.1',
  GPT_5: 'GPT-5',
  GEMINI_2_5_PRO: 'Gemini 2.5 Pro',
  GEMINI_2_5_FLASH: 'Gemini 2.5 Flash',
  ENDPOINT: 'Your model endpoint',
  DEMO: 'Demo (offline)',
};

/** The operator's model as people read it: its own id (LLM_MODEL), "qwen2.5-coder (your endpoint)". */
export function endpointModelLabel(modelId: string): string {
  return `${modelId} (your endpoint)`;
}

/**
 * A model's name: as this server names it (GET /models' label, which carries the endpoint's id),
 * else the catalogue's.
 */
export function modelLabel(model: Model, options: readonly ModelOption[] | undefined): string {
  return options?.find((option) => option.model === model)?.label ?? MODEL_LABELS[model];
}

export const ModelOptionSchema = z.object({
  model: ModelSchema,
  label: z.string(),
  /** Who would serve it now, or null when no configured provider can. */
  provider: z.nullable(ModelProviderSchema),
  available: z.boolean(),
  /**
   * The caller connected their own OpenRouter account and this model runs on its key: OpenRouter
   * charges them, Mason charges no credits. Absent: false.
   */
  runsOnOwnKey: z.optional(z.boolean()),
});
export type ModelOption = z.infer<typeof ModelOptionSchema>;

/**
 * GET /models: the seven models of SPEC.md 9 and whether this server can run each; the
 * operator's endpoint (ENDPOINT, labelled by LLM_MODEL) when LLM_BASE_URL is set; while nothing
 * can run, also the offline demo model (available), which the picker then preselects.
 */
export const ModelsResponseSchema = z.object({
  models: z.array(ModelOptionSchema),
  /** What to set when no model is available (e.g. 'Set ANTHROPIC_API_KEY …'), else null. */
  setupHint: z.nullable(z.string()),
});
export type ModelsResponse = z.infer<typeof ModelsResponseSchema>;
