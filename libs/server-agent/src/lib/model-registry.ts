import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  DEMO_MODEL,
  MODEL_LABELS,
  ProviderModelSchema,
  type ModelOption,
  type ModelProvider,
  type ProviderModel,
} from '@mason/contract';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import type { LanguageModel } from 'ai';
import { AGENT_ENV } from './agent-config';
import { createDemoModel } from './demo-model/demo-model';
import type { AgentConfig, ModelRegistry, ResolvedModel } from './types';

type MakerProvider = 'anthropic' | 'openai' | 'google';

/**
 * The one table from SPEC.md's model enum to provider model ids: the maker's own id (also the
 * id asked of an OpenAI-compatible endpoint unless LLM_MODEL is set) and OpenRouter's id.
 */
export const MODEL_IDS: Readonly<
  Record<
    ProviderModel,
    { readonly maker: MakerProvider; readonly id: string; readonly openrouter: string }
  >
> = {
  CLAUDE_SONNET_4_5: {
    maker: 'anthropic',
    id: 'claude-sonnet-4-5',
    openrouter: 'anthropic/claude-sonnet-4.5',
  },
  CLAUDE_4_SONNET: {
    maker: 'anthropic',
    id: 'claude-sonnet-4-0',
    openrouter: 'anthropic/claude-sonnet-4',
  },
  CLAUDE_3_7_SONNET: {
    maker: 'anthropic',
    id: 'claude-3-7-sonnet-latest',
    openrouter: 'anthropic/claude-3.7-sonnet',
  },
  GPT_4_1: { maker: 'openai', id: 'gpt-4.1', openrouter: 'openai/gpt-4.1' },
  GPT_5: { maker: 'openai', id: 'gpt-5', openrouter: 'openai/gpt-5' },
  GEMINI_2_5_PRO: { maker: 'google', id: 'gemini-2.5-pro', openrouter: 'google/gemini-2.5-pro' },
  GEMINI_2_5_FLASH: {
    maker: 'google',
    id: 'gemini-2.5-flash',
    openrouter: 'google/gemini-2.5-flash',
  },
};

/** The env variable holding each provider's key (for messages that say what to set). */
export const PROVIDER_KEY_ENV: Readonly<Record<ModelProvider, string>> = {
  anthropic: AGENT_ENV.anthropic.apiKey,
  openai: AGENT_ENV.openai.apiKey,
  google: AGENT_ENV.google.apiKey,
  openrouter: AGENT_ENV.openrouter.apiKey,
  'openai-compatible': AGENT_ENV.compatible.apiKey,
  // The demo needs no key: errors name the variables that turn on real models.
  demo: AGENT_ENV.anthropic.apiKey,
};

/** Names people read for each provider. */
export const PROVIDER_LABELS: Readonly<Record<ModelProvider, string>> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google',
  openrouter: 'OpenRouter',
  'openai-compatible': 'The model endpoint at LLM_BASE_URL',
  demo: 'Mason’s offline demo',
};

const SETUP_HINT =
  'No AI model is set up yet. Set ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or OPENROUTER_API_KEY, or point LLM_BASE_URL (with LLM_API_KEY and LLM_MODEL when it needs them) at an OpenAI-compatible endpoint, then restart Mason.';

type Factory = (model: ProviderModel) => LanguageModel;

/** The demo's entry in the picker: shown (and preselected) only while no provider is set up. */
const DEMO_OPTION: ModelOption = {
  model: DEMO_MODEL,
  label: MODEL_LABELS[DEMO_MODEL],
  provider: 'demo',
  available: true,
};

/**
 * The models this server can run, from its configuration. A model runs on its maker's API when
 * that key is set, else through OpenRouter, else on the OpenAI-compatible endpoint. OpenAI
 * models use the chat-completions API.
 */
export function createModelRegistry(config: AgentConfig): ModelRegistry {
  const factories: Partial<Record<ModelProvider, Factory>> = {};
  if (config.anthropic) {
    const anthropic = createAnthropic({
      apiKey: config.anthropic.apiKey,
      baseURL: config.anthropic.baseUrl,
    });
    factories.anthropic = (model) => anthropic(MODEL_IDS[model].id);
  }
  if (config.openai) {
    const openai = createOpenAI({ apiKey: config.openai.apiKey, baseURL: config.openai.baseUrl });
    factories.openai = (model) => openai.chat(MODEL_IDS[model].id);
  }
  if (config.google) {
    const google = createGoogleGenerativeAI({
      apiKey: config.google.apiKey,
      baseURL: config.google.baseUrl,
    });
    factories.google = (model) => google(MODEL_IDS[model].id);
  }
  if (config.openrouter) {
    const openrouter = createOpenRouter({
      apiKey: config.openrouter.apiKey,
      baseURL: config.openrouter.baseUrl,
    });
    factories.openrouter = (model) => openrouter.chat(MODEL_IDS[model].openrouter);
  }
  if (config.compatible) {
    const { baseUrl, apiKey, model: fixedModel } = config.compatible;
    const compatible = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: baseUrl,
      ...(apiKey && { apiKey }),
      includeUsage: true,
    });
    factories['openai-compatible'] = (model) =>
      compatible.chatModel(fixedModel ?? MODEL_IDS[model].id);
  }

  // A provider's model object only holds its settings (each call streams on its own), and some
  // are costly to make (the OpenAI-compatible one builds its zod schemas for the streamed
  // chunks): one per model, made on the first turn that runs it, serves every turn after.
  const made = new Map<ProviderModel, LanguageModel>();
  const modelOf = (model: ProviderModel, factory: Factory): LanguageModel => {
    let languageModel = made.get(model);
    if (languageModel === undefined) {
      languageModel = factory(model);
      made.set(model, languageModel);
    }
    return languageModel;
  };

  const providerOf = (model: ProviderModel): ModelProvider | null => {
    const order: ModelProvider[] = [MODEL_IDS[model].maker, 'openrouter', 'openai-compatible'];
    return order.find((provider) => factories[provider] !== undefined) ?? null;
  };

  const options = (): ModelOption[] =>
    ProviderModelSchema.options.map((model) => {
      const provider = providerOf(model);
      return { model, label: MODEL_LABELS[model], provider, available: provider !== null };
    });

  return {
    options() {
      const models = options();
      return models.some((m) => m.available)
        ? { models, setupHint: null }
        : { models: [...models, DEMO_OPTION], setupHint: SETUP_HINT };
    },
    resolve(model): ResolvedModel {
      const anyProvider = Object.keys(factories).length > 0;
      if (model === DEMO_MODEL) {
        return anyProvider
          ? {
              ok: false,
              message: `${MODEL_LABELS[DEMO_MODEL]} runs only while no AI provider is set up. Pick one of the models this server runs.`,
            }
          : { ok: true, provider: 'demo', model: createDemoModel() };
      }
      const provider = providerOf(model);
      const factory = provider && factories[provider];
      if (provider && factory) return { ok: true, provider, model: modelOf(model, factory) };
      const makerKey = PROVIDER_KEY_ENV[MODEL_IDS[model].maker];
      const available = options().filter((m) => m.available);
      if (available.length === 0) {
        return {
          ok: false,
          message: `${MODEL_LABELS[model]} cannot run: no AI model is set up. Set ${makerKey} or OPENROUTER_API_KEY (or LLM_BASE_URL for an OpenAI-compatible endpoint) and restart Mason.`,
        };
      }
      return {
        ok: false,
        message: `${MODEL_LABELS[model]} is not set up here: set ${makerKey} or OPENROUTER_API_KEY and restart Mason, or pick another model (${available.map((m) => m.label).join(', ')}).`,
      };
    },
  };
}
