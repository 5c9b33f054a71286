import { AgentConfigError, agentConfigFromEnv } from './agent-config';

describe('agentConfigFromEnv', () => {
  it('configures nothing from an empty environment', () => {
    expect(agentConfigFromEnv({})).toEqual({});
  });

  it('reads each provider key with its optional base URL, ignoring blank values', () => {
    expect(
      agentConfigFromEnv({
        ANTHROPIC_API_KEY: 'sk-ant',
        ANTHROPIC_BASE_URL: 'http://127.0.0.1:1/anthropic/v1',
        OPENAI_API_KEY: ' sk-openai ',
        OPENAI_BASE_URL: '',
        GOOGLE_GENERATIVE_AI_API_KEY: 'g-key',
        GOOGLE_BASE_URL: 'http://g.example/v1beta',
        OPENROUTER_API_KEY: 'or-key',
        OPENROUTER_BASE_URL: 'http://or.example/api/v1',
      }),
    ).toEqual({
      anthropic: { apiKey: 'sk-ant', baseUrl: 'http://127.0.0.1:1/anthropic/v1' },
      openai: { apiKey: 'sk-openai' },
      google: { apiKey: 'g-key', baseUrl: 'http://g.example/v1beta' },
      openrouter: { apiKey: 'or-key', baseUrl: 'http://or.example/api/v1' },
      openRouterBaseUrl: 'http://or.example/api/v1',
    });
  });

  it("keeps OpenRouter's base URL without the server's key: people's own keys reach it there", () => {
    expect(agentConfigFromEnv({ OPENROUTER_BASE_URL: 'http://or.example/api/v1' })).toEqual({
      openRouterBaseUrl: 'http://or.example/api/v1',
    });
  });

  it('reads GEMINI_API_KEY when GOOGLE_GENERATIVE_AI_API_KEY is not set', () => {
    expect(agentConfigFromEnv({ GEMINI_API_KEY: 'gem' })).toEqual({ google: { apiKey: 'gem' } });
    expect(
      agentConfigFromEnv({ GEMINI_API_KEY: 'gem', GOOGLE_GENERATIVE_AI_API_KEY: 'main' }),
    ).toEqual({
      google: { apiKey: 'main' },
    });
  });

  it('needs a key for a provider: a base URL alone configures nothing', () => {
    expect(
      agentConfigFromEnv({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:1', OPENROUTER_API_KEY: '  ' }),
    ).toEqual({});
  });

  it('configures the OpenAI-compatible endpoint from LLM_BASE_URL and LLM_MODEL, with its optional key', () => {
    expect(
      agentConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' }),
    ).toEqual({ compatible: { baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3.1' } });
    expect(
      agentConfigFromEnv({
        LLM_BASE_URL: 'http://gw.example/v1',
        LLM_API_KEY: 'gw-key',
        LLM_MODEL: 'qwen2.5-coder',
      }),
    ).toEqual({
      compatible: { baseUrl: 'http://gw.example/v1', apiKey: 'gw-key', model: 'qwen2.5-coder' },
    });
    expect(agentConfigFromEnv({ LLM_API_KEY: 'gw-key', LLM_MODEL: 'qwen' })).toEqual({});
  });

  it('refuses LLM_BASE_URL without LLM_MODEL, saying what to set: the endpoint is named by its id', () => {
    expect(() => agentConfigFromEnv({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      new AgentConfigError(
        'LLM_MODEL must be set with LLM_BASE_URL: it is the id of the model the endpoint serves, and the name Mason shows for it (e.g. LLM_MODEL=qwen2.5-coder).',
      ),
    );
  });
});
