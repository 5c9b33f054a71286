import { ProviderModelSchema } from '@mason/contract';
import { createMemoryAgentFiles } from '../testing/memory-files';
import {
  startScriptedModelServer,
  type ScriptedModelServer,
} from '../testing/scripted-model-server';
import { DEFAULT_LIMITS } from '../test-utils/turn-harness';
import { createModelRegistry } from './model-registry';
import { runAgentTurn } from './run-agent-turn';

let server: ScriptedModelServer;
beforeAll(async () => {
  server = await startScriptedModelServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe("a person's own OpenRouter key", () => {
  it('runs every catalogue model on OpenRouter for them, also where the server has no provider', () => {
    const registry = createModelRegistry({});
    expect(registry.options().setupHint).not.toBeNull();

    const { models, setupHint } = registry.options({ ownKey: true });

    expect(setupHint).toBeNull();
    expect(models.map((option) => option.model)).toEqual(ProviderModelSchema.options);
    for (const option of models)
      expect(option).toMatchObject({ provider: 'openrouter', available: true, runsOnOwnKey: true });
    expect(registry.defaultModel({ ownKey: true })).toBe('CLAUDE_SONNET_4_5');
  });

  it("sends the turn to OpenRouter with the person's key, not the server's", async () => {
    const registry = createModelRegistry({
      anthropic: { apiKey: 'server-anthropic-key', baseUrl: server.anthropicBaseUrl },
      openRouterBaseUrl: server.openrouterBaseUrl,
    });
    const resolved = registry.resolve('CLAUDE_SONNET_4_5', { openRouterKey: 'sk-or-person' });
    expect(resolved).toMatchObject({ ok: true, provider: 'openrouter', ownKey: true });
    if (!resolved.ok) throw new Error(resolved.message);
    server.enqueue({ text: 'Hello from your key.' });

    const outcome = await runAgentTurn({
      model: resolved.model,
      provider: resolved.provider,
      messages: [{ role: 'user', content: 'Say hello.' }],
      files: createMemoryAgentFiles(),
      limits: DEFAULT_LIMITS,
      onEvent: () => undefined,
    });

    expect(outcome).toEqual({ kind: 'completed' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ format: 'openai', apiKey: 'sk-or-person' });
    expect(server.requests[0].path).toContain('/openrouter/');
    expect(JSON.stringify(server.requests[0].body)).toContain('anthropic/claude-sonnet-4.5');
    // Without the key, the same model runs on the server's own Anthropic key.
    const serverOwn = registry.resolve('CLAUDE_SONNET_4_5');
    expect(serverOwn).toMatchObject({ ok: true, provider: 'anthropic' });
    expect(serverOwn).not.toHaveProperty('ownKey');
  });

  it('pauses with OPEN_ROUTER_INVALID_KEY on a 401 and OPEN_ROUTER_NO_CREDITS on a 402', async () => {
    const registry = createModelRegistry({ openRouterBaseUrl: server.openrouterBaseUrl });
    const resolved = registry.resolve('GPT_5', { openRouterKey: 'sk-or-revoked' });
    if (!resolved.ok) throw new Error(resolved.message);
    const turn = () =>
      runAgentTurn({
        model: resolved.model,
        provider: resolved.provider,
        ownKey: resolved.ownKey,
        messages: [{ role: 'user', content: 'Go.' }],
        files: createMemoryAgentFiles(),
        limits: DEFAULT_LIMITS,
        onEvent: () => undefined,
      });

    server.enqueue({ status: 401 });
    expect(await turn()).toMatchObject({
      kind: 'needs-attention',
      reason: 'OPEN_ROUTER_INVALID_KEY',
      message: expect.stringContaining('Connect OpenRouter again in Integrations'),
    });
    server.enqueue({ status: 402 });
    expect(await turn()).toMatchObject({
      kind: 'needs-attention',
      reason: 'OPEN_ROUTER_NO_CREDITS',
      message:
        'Your OpenRouter account has no credits left. Top up at OpenRouter, then resume the task.',
    });
  });
});
