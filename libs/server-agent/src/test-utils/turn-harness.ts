// Runs agent turns against the scripted model server through the real provider code.
import type { ModelMessage } from 'ai';
import type { AgentDatabase } from '../lib/agent-database';
import type { OutsideTools } from '../lib/outside-tools';
import { createModelRegistry } from '../lib/model-registry';
import { runAgentTurn } from '../lib/run-agent-turn';
import type { AgentConfig, AgentEvent, AgentFiles, TurnLimits, TurnOutcome } from '../lib/types';
import { SCRIPTED_MODEL_ID, type ScriptedModelServer } from '../testing/scripted-model-server';
import type { Model } from '@mason/contract';

export interface Wire {
  readonly name: string;
  readonly model: Model;
  readonly config: (server: ScriptedModelServer) => AgentConfig;
}

/** The wire formats every scenario runs on: Anthropic messages and OpenAI chat completions. */
export const WIRES: readonly Wire[] = [
  {
    name: 'anthropic messages',
    model: 'CLAUDE_SONNET_4_5',
    config: (server) => ({ anthropic: { apiKey: 'test-key', baseUrl: server.anthropicBaseUrl } }),
  },
  {
    name: 'openai-compatible chat completions',
    model: 'ENDPOINT',
    config: (server) => ({
      compatible: { baseUrl: server.openaiBaseUrl, apiKey: 'test-key', model: SCRIPTED_MODEL_ID },
    }),
  },
];

export const OPENROUTER_WIRE: Wire = {
  name: 'openrouter chat completions',
  model: 'CLAUDE_SONNET_4_5',
  config: (server) => ({ openrouter: { apiKey: 'test-key', baseUrl: server.openrouterBaseUrl } }),
};

export const DEFAULT_LIMITS: TurnLimits = {
  maxSteps: 20,
  maxRepairs: 3,
  approvalSteps: 15,
  approvalTokens: 1_000_000,
};

export interface TurnRun {
  readonly outcome: TurnOutcome;
  readonly events: readonly AgentEvent[];
}

export async function runTurn(
  server: ScriptedModelServer,
  wire: Wire,
  options: {
    files: AgentFiles;
    prompt?: string;
    messages?: readonly ModelMessage[];
    limits?: Partial<TurnLimits>;
    signal?: AbortSignal;
    hasBudget?: () => boolean | Promise<boolean>;
    onEvent?: (event: AgentEvent) => void;
    database?: AgentDatabase;
    outsideTools?: OutsideTools;
  },
): Promise<TurnRun> {
  const resolved = createModelRegistry(wire.config(server)).resolve(wire.model);
  if (!resolved.ok) throw new Error(resolved.message);
  const events: AgentEvent[] = [];
  const outcome = await runAgentTurn({
    model: resolved.model,
    provider: resolved.provider,
    messages: options.messages ?? [
      { role: 'user', content: options.prompt ?? 'Make the title say hello.' },
    ],
    files: options.files,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    signal: options.signal,
    hasBudget: options.hasBudget,
    database: options.database,
    outsideTools: options.outsideTools,
    runtimePackages: ['react', 'react-dom'],
    onEvent: (event) => {
      events.push(event);
      options.onEvent?.(event);
    },
  });
  return { outcome, events };
}

/** Everything the model was told in request `index` (its whole body as text). */
export function requestText(server: ScriptedModelServer, index: number): string {
  const request = server.requests[index];
  if (!request)
    throw new Error(
      `The scripted server received no request #${index} (only ${server.requests.length}).`,
    );
  return JSON.stringify(request.body);
}
