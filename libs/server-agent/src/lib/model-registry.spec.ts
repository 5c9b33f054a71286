import { ProviderModelSchema, type Model } from '@mason/contract';
import { APICallError, simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { createMemoryAgentFiles } from '../testing/memory-files';
import { DEFAULT_LIMITS } from '../test-utils/turn-harness';
import { agentConfigFromEnv } from './agent-config';
import { createModelRegistry } from './model-registry';
import { runAgentTurn } from './run-agent-turn';
import type { AgentEvent, ModelRegistry } from './types';

/** The provider id and model id the AI SDK model of a resolved model carries. */
function modelOf(
  registry: ModelRegistry,
  model: Model,
): { provider: string; servedBy: string; modelId: string } {
  const resolved = registry.resolve(model);
  if (!resolved.ok) throw new Error(resolved.message);
  const languageModel = resolved.model as { provider: string; modelId: string };
  return {
    provider: resolved.provider,
    servedBy: languageModel.provider,
    modelId: languageModel.modelId,
  };
}

const providers = (registry: ModelRegistry) =>
  Object.fromEntries(registry.options().models.map((option) => [option.model, option.provider]));

describe('createModelRegistry', () => {
  it('with no keys: offers the seven models as unavailable and says what to set', () => {
    const registry = createModelRegistry(agentConfigFromEnv({}));
    const { models, setupHint } = registry.options();

    // The seven, none runnable, then the offline demo, which is.
    expect(models.map((m) => m.model)).toEqual([...ProviderModelSchema.options, 'DEMO']);
    expect(models[0]).toEqual({
      model: 'CLAUDE_SONNET_4_5',
      label: 'Claude Sonnet 4.5',
      provider: null,
      available: false,
    });
    expect(models.slice(0, 7).every((m) => !m.available && m.provider === null)).toBe(true);
    expect(models[7]).toEqual({
      model: 'DEMO',
      label: 'Demo (offline)',
      provider: 'demo',
      available: true,
    });
    expect(modelOf(registry, 'DEMO')).toEqual({
      provider: 'demo',
      servedBy: 'mason-demo',
      modelId: 'demo-offline',
    });
    expect(setupHint).toMatch(
      /ANTHROPIC_API_KEY.*OPENAI_API_KEY.*GOOGLE_GENERATIVE_AI_API_KEY.*OPENROUTER_API_KEY.*LLM_BASE_URL/,
    );

    const resolved = registry.resolve('GPT_5');
    expect(resolved).toEqual({
      ok: false,
      message: expect.stringContaining(
        'GPT-5 cannot run: no AI model is set up. Set OPENAI_API_KEY or OPENROUTER_API_KEY',
      ),
    });
  });

  it('with ANTHROPIC_API_KEY: the Claude models run on Anthropic with their Anthropic ids', () => {
    const registry = createModelRegistry(agentConfigFromEnv({ ANTHROPIC_API_KEY: 'k' }));
    expect(providers(registry)).toEqual({
      CLAUDE_SONNET_4_5: 'anthropic',
      CLAUDE_4_SONNET: 'anthropic',
      CLAUDE_3_7_SONNET: 'anthropic',
      GPT_4_1: null,
      GPT_5: null,
      GEMINI_2_5_PRO: null,
      GEMINI_2_5_FLASH: null,
    });
    expect(registry.options().setupHint).toBeNull();
    // With a provider the offline demo is neither offered nor run.
    expect(registry.options().models.map((m) => m.model)).not.toContain('DEMO');
    expect(registry.resolve('DEMO')).toEqual({
      ok: false,
      message: expect.stringContaining('runs only while no AI provider is set up'),
    });
    expect(modelOf(registry, 'CLAUDE_SONNET_4_5')).toEqual({
      provider: 'anthropic',
      servedBy: 'anthropic.messages',
      modelId: 'claude-sonnet-4-5',
    });
    expect(modelOf(registry, 'CLAUDE_4_SONNET').modelId).toBe('claude-sonnet-4-0');
    expect(modelOf(registry, 'CLAUDE_3_7_SONNET').modelId).toBe('claude-3-7-sonnet-latest');
    expect(registry.resolve('GEMINI_2_5_PRO')).toEqual({
      ok: false,
      message:
        'Gemini 2.5 Pro is not set up here: set GOOGLE_GENERATIVE_AI_API_KEY or OPENROUTER_API_KEY and restart Mason, or pick another model (Claude Sonnet 4.5, Claude Sonnet 4, Claude 3.7 Sonnet).',
    });
  });

  it("with OPENAI_API_KEY: the GPT models run on OpenAI's chat-completions API", () => {
    const registry = createModelRegistry(agentConfigFromEnv({ OPENAI_API_KEY: 'k' }));
    expect(
      registry
        .options()
        .models.filter((m) => m.available)
        .map((m) => m.model),
    ).toEqual(['GPT_4_1', 'GPT_5']);
    expect(modelOf(registry, 'GPT_4_1')).toEqual({
      provider: 'openai',
      servedBy: 'openai.chat',
      modelId: 'gpt-4.1',
    });
    expect(modelOf(registry, 'GPT_5').modelId).toBe('gpt-5');
  });

  it('with GOOGLE_GENERATIVE_AI_API_KEY (or GEMINI_API_KEY): the Gemini models run on Google', () => {
    for (const env of [{ GOOGLE_GENERATIVE_AI_API_KEY: 'k' }, { GEMINI_API_KEY: 'k' }]) {
      const registry = createModelRegistry(agentConfigFromEnv(env));
      expect(
        registry
          .options()
          .models.filter((m) => m.available)
          .map((m) => m.model),
      ).toEqual(['GEMINI_2_5_PRO', 'GEMINI_2_5_FLASH']);
      expect(modelOf(registry, 'GEMINI_2_5_PRO')).toEqual({
        provider: 'google',
        servedBy: 'google.generative-ai',
        modelId: 'gemini-2.5-pro',
      });
      expect(modelOf(registry, 'GEMINI_2_5_FLASH').modelId).toBe('gemini-2.5-flash');
    }
  });

  it("with OPENROUTER_API_KEY: every model runs on OpenRouter with OpenRouter's ids", () => {
    const registry = createModelRegistry(agentConfigFromEnv({ OPENROUTER_API_KEY: 'k' }));
    expect(Object.values(providers(registry))).toEqual(Array(7).fill('openrouter'));
    expect(
      Object.fromEntries(
        ProviderModelSchema.options.map((model) => [model, modelOf(registry, model).modelId]),
      ),
    ).toEqual({
      CLAUDE_SONNET_4_5: 'anthropic/claude-sonnet-4.5',
      CLAUDE_4_SONNET: 'anthropic/claude-sonnet-4',
      CLAUDE_3_7_SONNET: 'anthropic/claude-3.7-sonnet',
      GPT_4_1: 'openai/gpt-4.1',
      GPT_5: 'openai/gpt-5',
      GEMINI_2_5_PRO: 'google/gemini-2.5-pro',
      GEMINI_2_5_FLASH: 'google/gemini-2.5-flash',
    });
    expect(modelOf(registry, 'GPT_5').servedBy).toBe('openrouter');
  });

  it('with LLM_BASE_URL only: one model of its own, named and asked for by LLM_MODEL; no catalogue model runs there', () => {
    const registry = createModelRegistry(
      agentConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5-coder' }),
    );
    const { models, setupHint } = registry.options();
    expect(setupHint).toBeNull();
    // The seven are not set up (none is served under its name by the endpoint); no demo.
    expect(models.slice(0, 7).every((m) => !m.available && m.provider === null)).toBe(true);
    expect(models.slice(7)).toEqual([
      {
        model: 'ENDPOINT',
        label: 'qwen2.5-coder (your endpoint)',
        provider: 'openai-compatible',
        available: true,
      },
    ]);
    expect(modelOf(registry, 'ENDPOINT')).toEqual({
      provider: 'openai-compatible',
      servedBy: 'openai-compatible.chat',
      modelId: 'qwen2.5-coder',
    });
    expect(registry.resolve('ENDPOINT')).toMatchObject({
      ok: true,
      label: 'qwen2.5-coder (your endpoint)',
    });
    expect(registry.resolve('CLAUDE_SONNET_4_5')).toEqual({
      ok: false,
      message:
        'Claude Sonnet 4.5 is not set up here: set ANTHROPIC_API_KEY or OPENROUTER_API_KEY and restart Mason, or pick another model (qwen2.5-coder (your endpoint)).',
    });
    // What runs when a caller names no model: the endpoint's, as Sonnet cannot run.
    expect(registry.defaultModel()).toBe('ENDPOINT');
  });

  it("prefers the maker's provider, then OpenRouter; the endpoint's model is offered beside them", () => {
    const registry = createModelRegistry(
      agentConfigFromEnv({
        ANTHROPIC_API_KEY: 'a',
        OPENROUTER_API_KEY: 'o',
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        LLM_MODEL: 'local',
      }),
    );
    expect(providers(registry)).toMatchObject({
      CLAUDE_SONNET_4_5: 'anthropic',
      GPT_5: 'openrouter',
      GEMINI_2_5_PRO: 'openrouter',
      ENDPOINT: 'openai-compatible',
    });
    expect(registry.defaultModel()).toBe('CLAUDE_SONNET_4_5');
    const local = createModelRegistry(
      agentConfigFromEnv({
        GEMINI_API_KEY: 'g',
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        LLM_MODEL: 'local',
      }),
    );
    expect(providers(local)).toMatchObject({
      CLAUDE_SONNET_4_5: null,
      GEMINI_2_5_PRO: 'google',
      ENDPOINT: 'openai-compatible',
    });
    // Sonnet cannot run: the first model that can.
    expect(local.defaultModel()).toBe('GEMINI_2_5_PRO');
  });

  it('without LLM_BASE_URL no endpoint model; with nothing set up the default is the offline demo, the one model that runs', () => {
    expect(createModelRegistry(agentConfigFromEnv({})).defaultModel()).toBe('DEMO');
    const anthropicOnly = createModelRegistry(agentConfigFromEnv({ ANTHROPIC_API_KEY: 'a' }));
    expect(anthropicOnly.resolve('ENDPOINT')).toEqual({
      ok: false,
      message:
        'Your model endpoint is not set up here: set LLM_BASE_URL and LLM_MODEL and restart Mason, or pick another model (Claude Sonnet 4.5, Claude Sonnet 4, Claude 3.7 Sonnet).',
    });
  });

  it('serves every turn of a model with the one model it made for it, and each model its own', () => {
    const registry = createModelRegistry(
      agentConfigFromEnv({
        OPENROUTER_API_KEY: 'o',
        LLM_BASE_URL: 'http://127.0.0.1:1/v1',
        LLM_MODEL: 'local',
      }),
    );
    const first = registry.resolve('GPT_5');
    const again = registry.resolve('GPT_5');
    const other = registry.resolve('GEMINI_2_5_PRO');
    const endpoint = registry.resolve('ENDPOINT');
    const endpointAgain = registry.resolve('ENDPOINT');
    if (!first.ok || !again.ok || !other.ok || !endpoint.ok || !endpointAgain.ok)
      throw new Error('The models should resolve.');
    expect(again.model).toBe(first.model);
    expect(other.model).not.toBe(first.model);
    expect(endpointAgain.model).toBe(endpoint.model);
    expect((other.model as { modelId: string }).modelId).toBe('google/gemini-2.5-pro');
  });
});

describe('a turn on the offline demo model', () => {
  it('writes an app shaped by the description through the tools, checks it, and costs no tokens', async () => {
    const registry = createModelRegistry(agentConfigFromEnv({}));
    const resolved = registry.resolve('DEMO');
    if (!resolved.ok) throw new Error(resolved.message);
    const files = createMemoryAgentFiles({
      'src/App.tsx': 'export function App() { return null; }\n',
    });
    const events: AgentEvent[] = [];
    const outcome = await runAgentTurn({
      model: resolved.model,
      provider: resolved.provider,
      messages: [{ role: 'user', content: 'A reading list with Dune, Emma and Ulysses' }],
      files,
      limits: DEFAULT_LIMITS,
      onEvent: (event) => {
        events.push(event);
      },
    });

    expect(outcome).toEqual({ kind: 'completed' });
    const app = await files.read('src/App.tsx');
    expect(app).toContain('const TITLE = "Reading List";');
    expect(app).toContain('const FIRST_ITEMS = ["Dune", "Emma", "Ulysses"];');
    const said = events.flatMap((event) => (event.type === 'text' ? [event.text] : []));
    expect(said.at(-1)).toMatch(/^Built Reading List: a checklist with Dune, Emma, Ulysses\./);
    expect(said.at(-1)).toContain('ANTHROPIC_API_KEY');
    expect(
      events
        .filter((event) => event.type === 'usage')
        .every((event) => event.inputTokens + event.outputTokens === 0),
    ).toBe(true);
  });
});

describe('a turn on a model that is not on the wire (AI SDK mock model, as Google would answer)', () => {
  const usage = {
    inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 30, text: 30, reasoning: undefined },
  };

  it('runs tools and streams text through the same loop', async () => {
    const model = new MockLanguageModelV3({
      provider: 'google.generative-ai',
      modelId: 'gemini-2.5-pro',
      doStream: [
        {
          stream: simulateReadableStream({
            chunks: [
              { type: 'stream-start', warnings: [] },
              { type: 'tool-call', toolCallId: 'g1', toolName: 'list_files', input: '{}' },
              { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'STOP' }, usage },
            ],
          }),
        },
        {
          stream: simulateReadableStream({
            chunks: [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              { type: 'text-delta', id: 't', delta: 'There is ' },
              { type: 'text-delta', id: 't', delta: 'one file.' },
              { type: 'text-end', id: 't' },
              { type: 'finish', finishReason: { unified: 'stop', raw: 'STOP' }, usage },
            ],
          }),
        },
      ],
    });
    const events: AgentEvent[] = [];
    const outcome = await runAgentTurn({
      model,
      provider: 'google',
      messages: [{ role: 'user', content: 'What is there?' }],
      files: createMemoryAgentFiles({ 'src/App.tsx': '' }),
      limits: DEFAULT_LIMITS,
      onEvent: (event) => {
        events.push(event);
      },
    });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(events).toEqual([
      { type: 'tool-call', toolCallId: 'g1', toolName: 'list_files', input: {} },
      {
        type: 'tool-result',
        toolCallId: 'g1',
        toolName: 'list_files',
        output: '1 file:\nsrc/App.tsx',
        isError: false,
      },
      { type: 'usage', inputTokens: 120, outputTokens: 30 },
      { type: 'text-delta', draftId: expect.any(String), text: 'There is ' },
      { type: 'text-delta', draftId: expect.any(String), text: 'one file.' },
      { type: 'text', draftId: expect.any(String), text: 'There is one file.' },
      { type: 'usage', inputTokens: 120, outputTokens: 30 },
    ]);
    // The system prompt and the tools went to the model.
    expect(JSON.stringify(model.doStreamCalls[0].prompt[0])).toContain("Mason's builder");
    expect(model.doStreamCalls[0].tools?.map((t) => t.name)).toEqual([
      'list_files',
      'read_file',
      'write_file',
      'edit_file',
      'delete_file',
      'search_files',
      'check_project',
      'request_env_variable',
    ]);
  });

  it('fails with PROVIDER_AUTH naming GOOGLE_GENERATIVE_AI_API_KEY when Google refuses the key', async () => {
    const model = new MockLanguageModelV3({
      provider: 'google.generative-ai',
      modelId: 'gemini-2.5-flash',
      doStream: async () => {
        throw new APICallError({
          message: 'API key not valid. Please pass a valid API key.',
          url: 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent',
          requestBodyValues: {},
          statusCode: 403,
          isRetryable: false,
        });
      },
    });
    const outcome = await runAgentTurn({
      model,
      provider: 'google',
      messages: [{ role: 'user', content: 'Hi' }],
      files: createMemoryAgentFiles(),
      limits: DEFAULT_LIMITS,
      onEvent: () => undefined,
    });
    expect(outcome).toEqual({
      kind: 'failed',
      code: 'PROVIDER_AUTH',
      message:
        'Google refused the API key (403). Check GOOGLE_GENERATIVE_AI_API_KEY, restart Mason, then try again.',
    });
  });
});
