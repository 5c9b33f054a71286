import { createHash, randomBytes } from 'node:crypto';
import { createOpenRouter } from '@openrouter/ai-sdk-provider';
import { type ScriptedModelServer, startScriptedModelServer } from '@mason/server-testing';
import { APICallError, generateText, jsonSchema, streamText, tool } from 'ai';
import {
  OPEN_ROUTER_STAND_IN_MESSAGES,
  type OpenRouterStandIn,
  startOpenRouterStandIn,
} from './open-router-stand-in';

const MODEL = 'anthropic/claude-sonnet-4.5';

/** The official AI SDK provider, on a key, pointed at the stand-in. */
const modelOn = (standIn: OpenRouterStandIn, apiKey: string) =>
  createOpenRouter({ apiKey, baseURL: standIn.apiUrl }).chat(MODEL);

const failureOf = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(APICallError.isInstance(error)).toBe(true);
  return error as APICallError;
};

/** A turn's stream with the real provider: its text, or the error it ended with. */
const streamed = async (standIn: OpenRouterStandIn, key: string) => {
  let failure: unknown = null;
  const result = streamText({
    model: modelOn(standIn, key),
    prompt: 'Build me a notes app.',
    maxRetries: 0,
    onError: ({ error }) => {
      failure = error;
    },
  });
  let text = '';
  for await (const part of result.textStream) text += part;
  return { text, failure: failure as APICallError | null };
};

describe('the OpenRouter stand-in, spoken to as OpenRouter is', () => {
  let standIn: OpenRouterStandIn;
  beforeAll(async () => {
    standIn = await startOpenRouterStandIn({ reply: ['Hello ', 'from ', 'the stand-in.'] });
  });
  afterAll(() => standIn?.close());

  /** Runs OpenRouter's authorize page for a challenge: the code on its Authorize link. */
  const codeFor = async (challenge: string, method = 'S256') => {
    const url = new URL(standIn.authUrl);
    url.searchParams.set('callback_url', 'https://app.test/back?state=s1');
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', method);
    const page = await fetch(url);
    expect(page.headers.get('content-type')).toContain('text/html');
    const href = /href="([^"]+)">Authorize</.exec(await page.text())?.[1] ?? '';
    const back = new URL(href.replace(/&amp;/g, '&'));
    expect(back.searchParams.get('state')).toBe('s1');
    return back.searchParams.get('code') ?? '';
  };
  const exchange = (body: unknown) =>
    fetch(`${standIn.apiUrl}/auth/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('gives a key for a code and its PKCE verifier, once; refuses a wrong verifier (403) or method (400)', async () => {
    const code = await codeFor(challenge);
    const wrong = await exchange({ code, code_verifier: 'not-it', code_challenge_method: 'S256' });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({
      error: { code: 403, message: OPEN_ROUTER_STAND_IN_MESSAGES.badCode },
    });
    const method = await exchange({
      code,
      code_verifier: verifier,
      code_challenge_method: 'plain',
    });
    expect(method.status).toBe(400);

    const good = await exchange({ code, code_verifier: verifier, code_challenge_method: 'S256' });
    expect(good.status).toBe(200);
    const answer = (await good.json()) as { key: string; user_id: string };
    expect(answer.key).toMatch(/^sk-or-v1-[0-9a-f]{64}$/);
    expect(answer.user_id).toMatch(/^user_/);
    expect(standIn.keys.map((entry) => entry.key)).toContain(answer.key);

    const twice = await exchange({ code, code_verifier: verifier, code_challenge_method: 'S256' });
    expect(twice.status).toBe(403);
    expect((await fetch(`${standIn.apiUrl}/auth/keys`)).status).toBe(405);
  });

  it('redirects at once when asked to, and refuses an authorize request without a callback', async () => {
    standIn.autoRedirect = true;
    try {
      const url = new URL(standIn.authUrl);
      url.searchParams.set('callback_url', 'http://localhost:4200/open-router/callback?state=x');
      url.searchParams.set('code_challenge', challenge);
      url.searchParams.set('code_challenge_method', 'S256');
      const answer = await fetch(url, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const back = new URL(answer.headers.get('location') ?? '');
      expect(back.pathname).toBe('/open-router/callback');
      expect(back.searchParams.get('state')).toBe('x');
      expect(back.searchParams.get('code')).toBeTruthy();
    } finally {
      standIn.autoRedirect = false;
    }
    expect((await fetch(standIn.authUrl)).status).toBe(400);
  });

  it('answers the official provider on a key it gave: streamed and whole, with the key’s own text, recording the key and the model', async () => {
    const key = standIn.issueKey();
    const own = standIn.issueKey({ reply: 'Your own words.' });
    expect(await streamed(standIn, key)).toEqual({
      text: 'Hello from the stand-in.',
      failure: null,
    });
    const whole = await generateText({
      model: modelOn(standIn, own),
      prompt: 'Hi',
      maxRetries: 0,
    });
    expect(whole.text).toBe('Your own words.');
    expect(whole.usage.outputTokens).toBeGreaterThan(0);
    expect(
      standIn.completions.slice(-2).map(({ key, model, stream, status }) => ({
        key,
        model,
        stream,
        status,
      })),
    ).toEqual([
      { key, model: MODEL, stream: true, status: 200 },
      { key: own, model: MODEL, stream: false, status: 200 },
    ]);
  });

  it('answers 401 for a key it does not know or that was revoked, and 402 for an account out of credits, changeable mid-test', async () => {
    const unknown = await failureOf(
      generateText({ model: modelOn(standIn, 'sk-or-v1-nobody'), prompt: 'Hi', maxRetries: 0 }),
    );
    expect(unknown.statusCode).toBe(401);
    expect(unknown.message).toBe(OPEN_ROUTER_STAND_IN_MESSAGES.unknownKey);

    const key = standIn.issueKey();
    standIn.setKey(key, { state: 'no-credits' });
    const broke = await streamed(standIn, key);
    expect(broke.text).toBe('');
    expect(broke.failure?.statusCode).toBe(402);
    expect(broke.failure?.message).toBe(OPEN_ROUTER_STAND_IN_MESSAGES.noCredits);

    standIn.setKey(key, { state: 'active' });
    expect((await streamed(standIn, key)).failure).toBeNull();
    standIn.setKey(key, { state: 'revoked' });
    const revoked = await failureOf(
      generateText({ model: modelOn(standIn, key), prompt: 'Hi', maxRetries: 0 }),
    );
    expect(revoked.statusCode).toBe(401);
    expect(
      standIn.completions.filter((entry) => entry.key === key).map((entry) => entry.status),
    ).toEqual([402, 200, 401]);
  });

  it('drops every connection while it is unreachable', async () => {
    standIn.setReachable(false);
    try {
      await expect(fetch(`${standIn.apiUrl}/auth/keys`, { method: 'POST' })).rejects.toThrow();
    } finally {
      standIn.setReachable(true);
    }
    expect((await fetch(`${standIn.apiUrl}/auth/keys`, { method: 'POST' })).status).toBe(403);
  });
});

describe('the OpenRouter stand-in in front of the scripted model server', () => {
  let scripted: ScriptedModelServer;
  let standIn: OpenRouterStandIn;
  beforeAll(async () => {
    scripted = await startScriptedModelServer();
    standIn = await startOpenRouterStandIn({ upstream: scripted.openrouterBaseUrl });
  });
  afterAll(async () => {
    await standIn?.close();
    await scripted?.close();
  });

  it('forwards an active key’s completions (tool calls too), and still refuses a revoked key itself', async () => {
    const key = standIn.issueKey();
    scripted.enqueue({
      text: 'Writing it.',
      toolCalls: [{ name: 'writeFile', input: { path: 'src/App.tsx', content: 'x' } }],
    });
    const result = await generateText({
      model: modelOn(standIn, key),
      prompt: 'Build it.',
      maxRetries: 0,
      tools: {
        writeFile: tool({
          inputSchema: jsonSchema<{ path: string; content: string }>({
            type: 'object',
            properties: { path: { type: 'string' }, content: { type: 'string' } },
          }),
        }),
      },
    });
    expect(result.text).toBe('Writing it.');
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
      ['writeFile', { path: 'src/App.tsx', content: 'x' }],
    ]);
    expect(scripted.requests.at(-1)?.body).toMatchObject({ model: MODEL });

    standIn.setKey(key, { state: 'revoked' });
    const seen = scripted.requests.length;
    const revoked = await failureOf(
      generateText({ model: modelOn(standIn, key), prompt: 'Hi', maxRetries: 0 }),
    );
    expect(revoked.statusCode).toBe(401);
    expect(scripted.requests.length).toBe(seen);
  });
});
