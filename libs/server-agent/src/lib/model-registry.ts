import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  DEFAULT_MODEL,
  DEMO_MODEL,
  ENDPOINT_MODEL,
  endpointModelLabel,
  MODEL_LABELS,
  type Model,
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

/** The one table from SPEC.md's model enum to provider model ids: the maker's own id and OpenRouter's. */
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
  'openai-compatible': 'Your model endpoint (LLM_BASE_URL)',
  demo: 'Mason’s offline demo',
};

const SETUP_HINT =
  'No AI model is set up yet. Set ANTHROPIC_API_KEY, OPENAI_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY or OPENROUTER_API_KEY, or point LLM_BASE_URL and LLM_MODEL (with LLM_API_KEY when it needs one) at an OpenAI-compatible endpoint, then restart Mason. Until then the Demo (offline) model builds a small checklist app.';

type Factory = (model: ProviderModel) => LanguageModel;

/** The demo's entry in the picker: shown (and preselected) only while no provider is set up. */
const DEMO_OPTION: ModelOption = {
  model: DEMO_MODEL,
  label: MODEL_LABELS[DEMO_MODEL],
  provider: 'demo',
  available: true,
};

/**
 * The models this server can run, from its configuration. A catalogue model runs on its maker's
 * API when that key is set, else through OpenRouter; OpenAI models use the chat-completions API.
 * The OpenAI-compatible endpoint (LLM_BASE_URL) is one model of its own, ENDPOINT, asked for and
 * named by its id (LLM_MODEL): no catalogue model runs there under its name.
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
  let endpoint: { readonly option: ModelOption; readonly model: () => LanguageModel } | null = null;
  if (config.compatible) {
    const { baseUrl, apiKey, model: modelId } = config.compatible;
    let made: LanguageModel | undefined;
    endpoint = {
      option: {
        model: ENDPOINT_MODEL,
        label: endpointModelLabel(modelId),
        provider: 'openai-compatible',
        available: true,
      },
      // Made on the first turn that runs it (the provider builds its zod schemas), then kept.
      model: () =>
        (made ??= createOpenAICompatible({
          name: 'openai-compatible',
          baseURL: baseUrl,
          ...(apiKey && { apiKey }),
          includeUsage: true,
        }).chatModel(modelId)),
    };
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
    const order: ModelProvider[] = [MODEL_IDS[model].maker, 'openrouter'];
    return order.find((provider) => factories[provider] !== undefined) ?? null;
  };

  /** The seven (on the caller's OpenRouter key when they have one), then the endpoint's model. */
  const options = (ownKey = false): ModelOption[] => [
    ...ProviderModelSchema.options.map((model): ModelOption => {
      if (ownKey)
        return {
          model,
          label: MODEL_LABELS[model],
          provider: 'openrouter',
          available: true,
          runsOnOwnKey: true,
        };
      const provider = providerOf(model);
      return { model, label: MODEL_LABELS[model], provider, available: provider !== null };
    }),
    ...(endpoint ? [endpoint.option] : []),
  ];
  const anyProvider = Object.keys(factories).length > 0 || endpoint !== null;

  /** A person's own OpenRouter key: one provider per key, made per turn (it only holds settings). */
  const onOwnKey = (model: ProviderModel, key: string): ResolvedModel => ({
    ok: true,
    provider: 'openrouter',
    model: createOpenRouter({ apiKey: key, baseURL: config.openRouterBaseUrl }).chat(
      MODEL_IDS[model].openrouter,
    ),
    label: MODEL_LABELS[model],
    ownKey: true,
  });

  return {
    options(caller) {
      const ownKey = caller?.ownKey === true;
      return anyProvider || ownKey
        ? { models: options(ownKey), setupHint: null }
        : { models: [...options(), DEMO_OPTION], setupHint: SETUP_HINT };
    },
    defaultModel(caller) {
      const ownKey = caller?.ownKey === true;
      // With no provider set up the offline demo is the one model that runs.
      if (!anyProvider && !ownKey) return DEMO_MODEL;
      const available = options(ownKey).filter((m) => m.available);
      return available.some((m) => m.model === DEFAULT_MODEL)
        ? DEFAULT_MODEL
        : (available[0]?.model ?? DEFAULT_MODEL);
    },
    resolve(model: Model, caller): ResolvedModel {
      const key = caller?.openRouterKey;
      if (key && model !== DEMO_MODEL && model !== ENDPOINT_MODEL) return onOwnKey(model, key);
      if (model === DEMO_MODEL) {
        return anyProvider
          ? {
              ok: false,
              message: `${MODEL_LABELS[DEMO_MODEL]} runs only while no AI provider is set up. Pick one of the models this server runs.`,
            }
          : { ok: true, provider: 'demo', model: createDemoModel(), label: DEMO_OPTION.label };
      }
      const available = options().filter((m) => m.available);
      const others = `pick another model (${available.map((m) => m.label).join(', ')})`;
      if (model === ENDPOINT_MODEL) {
        if (endpoint) {
          const { option } = endpoint;
          return {
            ok: true,
            provider: 'openai-compatible',
            model: endpoint.model(),
            label: option.label,
          };
        }
        return {
          ok: false,
          message: `${MODEL_LABELS[ENDPOINT_MODEL]} is not set up here: set LLM_BASE_URL and LLM_MODEL and restart Mason${available.length ? `, or ${others}` : ''}.`,
        };
      }
      const provider = providerOf(model);
      const factory = provider && factories[provider];
      if (provider && factory) {
        return { ok: true, provider, model: modelOf(model, factory), label: MODEL_LABELS[model] };
      }
      const makerKey = PROVIDER_KEY_ENV[MODEL_IDS[model].maker];
      if (available.length === 0) {
        return {
          ok: false,
          message: `${MODEL_LABELS[model]} cannot run: no AI model is set up. Set ${makerKey} or OPENROUTER_API_KEY (or LLM_BASE_URL and LLM_MODEL for a model of your own) and restart Mason.`,
        };
      }
      return {
        ok: false,
        message: `${MODEL_LABELS[model]} is not set up here: set ${makerKey} or OPENROUTER_API_KEY and restart Mason, or ${others}.`,
      };
    },
  };
}
