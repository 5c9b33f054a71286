import type { AgentConfig } from './types';

/** The environment variables agentConfigFromEnv reads, for messages that say what to set. */
export const AGENT_ENV = {
  anthropic: { apiKey: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  openai: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  google: { apiKey: 'GOOGLE_GENERATIVE_AI_API_KEY', baseUrl: 'GOOGLE_BASE_URL' },
  openrouter: { apiKey: 'OPENROUTER_API_KEY', baseUrl: 'OPENROUTER_BASE_URL' },
  compatible: { baseUrl: 'LLM_BASE_URL', apiKey: 'LLM_API_KEY', model: 'LLM_MODEL' },
} as const;

/** GEMINI_API_KEY is read when GOOGLE_GENERATIVE_AI_API_KEY is not set. */
const GOOGLE_KEY_ALIAS = 'GEMINI_API_KEY';

function read(env: Record<string, string | undefined>, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function keyed(
  env: Record<string, string | undefined>,
  apiKey: string | undefined,
  baseUrlName: string,
): { apiKey: string; baseUrl?: string } | undefined {
  if (!apiKey) return undefined;
  const baseUrl = read(env, baseUrlName);
  return baseUrl ? { apiKey, baseUrl } : { apiKey };
}

/** A configuration Mason cannot run with (the message says what to set). */
export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
}

/**
 * The providers configured by the environment: a provider counts when its key is set (its base
 * URL is optional); the OpenAI-compatible endpoint counts when LLM_BASE_URL is set, with
 * LLM_MODEL, the id of the one model it serves and the name people read (its key is optional).
 * Blank values count as unset. Throws AgentConfigError for LLM_BASE_URL without LLM_MODEL.
 */
export function agentConfigFromEnv(env: Record<string, string | undefined>): AgentConfig {
  const anthropic = keyed(env, read(env, AGENT_ENV.anthropic.apiKey), AGENT_ENV.anthropic.baseUrl);
  const openai = keyed(env, read(env, AGENT_ENV.openai.apiKey), AGENT_ENV.openai.baseUrl);
  const google = keyed(
    env,
    read(env, AGENT_ENV.google.apiKey) ?? read(env, GOOGLE_KEY_ALIAS),
    AGENT_ENV.google.baseUrl,
  );
  const openrouter = keyed(
    env,
    read(env, AGENT_ENV.openrouter.apiKey),
    AGENT_ENV.openrouter.baseUrl,
  );
  const compatibleUrl = read(env, AGENT_ENV.compatible.baseUrl);
  const compatibleKey = read(env, AGENT_ENV.compatible.apiKey);
  const compatibleModel = read(env, AGENT_ENV.compatible.model);
  if (compatibleUrl && !compatibleModel) {
    throw new AgentConfigError(
      `${AGENT_ENV.compatible.model} must be set with ${AGENT_ENV.compatible.baseUrl}: it is the id of the model the endpoint serves, and the name Mason shows for it (e.g. ${AGENT_ENV.compatible.model}=qwen2.5-coder).`,
    );
  }
  const openRouterBaseUrl = read(env, AGENT_ENV.openrouter.baseUrl);
  return {
    ...(openRouterBaseUrl && { openRouterBaseUrl }),
    ...(anthropic && { anthropic }),
    ...(openai && { openai }),
    ...(google && { google }),
    ...(openrouter && { openrouter }),
    ...(compatibleUrl &&
      compatibleModel && {
        compatible: {
          baseUrl: compatibleUrl,
          model: compatibleModel,
          ...(compatibleKey && { apiKey: compatibleKey }),
        },
      }),
  };
}
