import { createHash } from 'node:crypto';
import type {
  ApiErrorBody,
  OpenRouterAuthorizeUrlResponse,
  OpenRouterIntegrationResponse,
} from '@mason/contract';
import { openRouterConnections, openRouterOauthStates } from '@mason/server-db';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { type OpenRouterStandIn, startOpenRouterStandIn } from '../testing';
import { OpenRouterAccounts, OpenRouterMessages } from './open-router-accounts.service';
import { openRouterOauth } from './open-router-oauth';
import { openRouterRoutes } from './open-router.routes';

const PUBLIC_URL = 'https://mason.test';
const CALLBACK = `${PUBLIC_URL}/open-router/callback`;

type Answer = OpenRouterIntegrationResponse & ApiErrorBody;

describe('a person’s own OpenRouter account over HTTP, through OpenRouter’s OAuth PKCE flow, against a stand-in on loopback', () => {
  let openRouter: OpenRouterStandIn;
  let harness: DomainHarness;
  let local: DomainHarness;
  let accounts: OpenRouterAccounts;
  let ada: HarnessUser;
  let bea: HarnessUser;

  const start = (publicUrl: string, keep: boolean) =>
    startDomainHarness(async (api, { db }) => {
      const service = new OpenRouterAccounts({
        db,
        openRouter: openRouterOauth({ authUrl: openRouter.authUrl, apiUrl: openRouter.apiUrl }),
        secrets: reversingSealer,
        publicUrl,
      });
      if (keep) accounts = service;
      await api.register(openRouterRoutes, { accounts: service });
    });

  beforeAll(async () => {
    openRouter = await startOpenRouterStandIn();
    harness = await start(PUBLIC_URL, true);
    // A Mason reached on loopback, under more than one name.
    local = await start('http://localhost:4200', false);
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(async () => {
    await harness?.close();
    await local?.close();
    await openRouter?.close();
  });
  afterEach(() => openRouter.setReachable(true));

  const authorize = async (
    user: HarnessUser,
    on = harness,
    headers: Record<string, string> = {},
  ) => {
    const answer = await on
      .as(user)
      .get<OpenRouterAuthorizeUrlResponse>('/api/open-router/authorize-url', { headers });
    expect(answer.status).toBe(200);
    return new URL(answer.body.url);
  };
  /** The person presses "Authorize" on OpenRouter's page: its link leads back with a code. */
  const approve = async (url: URL) => {
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const href = /<a id="authorize" href="([^"]+)">Authorize<\/a>/.exec(await page.text())?.[1];
    expect(href).toBeDefined();
    const back = new URL((href ?? '').replace(/&amp;/g, '&'));
    return { back, state: back.searchParams.get('state'), code: back.searchParams.get('code') };
  };
  const connect = (user: HarnessUser, body: unknown) =>
    harness.as(user).post<Answer>('/api/open-router/access-code', body);
  const stateRows = (user: HarnessUser) =>
    harness.db
      .select()
      .from(openRouterOauthStates)
      .where(eq(openRouterOauthStates.userId, user.id));
  const connectionRow = async (user: HarnessUser) =>
    (
      await harness.db
        .select()
        .from(openRouterConnections)
        .where(eq(openRouterConnections.userId, user.id))
    )[0];

  it('connects with PKCE (S256) and a one-time state of the person’s in the callback URL; the key rests sealed and is never answered', async () => {
    expect((await harness.as(ada).get('/api/open-router')).body).toEqual({ connection: null });
    const url = await authorize(ada);
    expect(`${url.origin}${url.pathname}`).toBe(openRouter.authUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    // A base64url sha256: 32 bytes.
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const callback = new URL(url.searchParams.get('callback_url') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    const state = callback.searchParams.get('state') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // At rest: the state's hash and the verifier sealed, neither in clear.
    const [stored] = await stateRows(ada);
    expect(stored?.stateHash).toBe(createHash('sha256').update(state).digest('hex'));
    expect(stored?.sealedVerifier.startsWith('sealed:')).toBe(true);

    const back = await approve(url);
    expect(`${back.back.origin}${back.back.pathname}`).toBe(CALLBACK);
    expect(back.state).toBe(state);
    expect(back.code).toBeTruthy();

    // Bea cannot use Ada's state, and trying does not use it up.
    const stolen = await connect(bea, { state, code: back.code });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(OpenRouterMessages.badState);

    const connected = await connect(ada, { state, code: back.code });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({ connection: { connectedAt: expect.any(String) } });
    const key = openRouter.keys.at(-1)?.key ?? '';
    expect(key).toMatch(/^sk-or-v1-/);
    expect(JSON.stringify(connected.body)).not.toContain(key);

    // A state works once.
    const again = await connect(ada, { state, code: back.code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(OpenRouterMessages.badState);
    expect(await stateRows(ada)).toEqual([]);

    const row = await connectionRow(ada);
    expect(row?.sealedKey.startsWith('sealed:')).toBe(true);
    expect(row?.sealedKey).not.toContain(key);
    const integration = await harness
      .as(ada)
      .get<OpenRouterIntegrationResponse>('/api/open-router');
    expect(integration.body).toEqual({
      connection: { connectedAt: row?.connectedAt.toISOString() },
    });
    expect(JSON.stringify(integration.body)).not.toContain(key);

    // What the turn runner gets: Ada's key, and nothing for Bea.
    await expect(accounts.openRouterKeyOf(ada.id)).resolves.toBe(key);
    await expect(accounts.hasOpenRouterKey(ada.id)).resolves.toBe(true);
    await expect(accounts.openRouterKeyOf(bea.id)).resolves.toBeNull();
    await expect(accounts.hasOpenRouterKey(bea.id)).resolves.toBe(false);
    expect((await harness.as(bea).get('/api/open-router')).body).toEqual({ connection: null });
  });

  it('refuses a code OpenRouter does not accept (403): a made-up one, or another sign-in’s, whose verifier is not this one', async () => {
    const made = await authorize(bea);
    const state = new URL(made.searchParams.get('callback_url') ?? '').searchParams.get('state');
    const madeUp = await connect(bea, { state, code: 'made-up' });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(OpenRouterMessages.codeRefused);

    // A code given for another authorize URL (its challenge) does not go with this state's verifier.
    const other = await approve(await authorize(bea));
    const mine = await approve(await authorize(bea));
    const mixed = await connect(bea, { state: mine.state, code: other.code });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe(OpenRouterMessages.codeRefused);
    expect((await harness.as(bea).get('/api/open-router')).body).toEqual({ connection: null });
    await expect(accounts.openRouterKeyOf(bea.id)).resolves.toBeNull();
  });

  it('refuses an expired state', async () => {
    const { state, code } = await approve(await authorize(bea));
    await harness.db
      .update(openRouterOauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(openRouterOauthStates.userId, bea.id));
    const late = await connect(bea, { state, code });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(OpenRouterMessages.badState);
  });

  it('says so when OpenRouter cannot be reached, and the same sign-in works once it answers again', async () => {
    const { state, code } = await approve(await authorize(bea));
    openRouter.setReachable(false);
    const down = await connect(bea, { state, code });
    expect(down.status).toBe(502);
    expect(down.body).toEqual({
      statusCode: 502,
      error: 'Bad Gateway',
      message: OpenRouterMessages.unreachable,
    });
    openRouter.setReachable(true);
    const up = await connect(bea, { state, code });
    expect(up.status).toBe(200);
    expect(up.body.connection).not.toBeNull();
    await expect(accounts.openRouterKeyOf(bea.id)).resolves.toBe(openRouter.keys.at(-1)?.key);
  });

  it('connecting again replaces the key; disconnecting forgets it', async () => {
    const before = await accounts.openRouterKeyOf(ada.id);
    const { state, code } = await approve(await authorize(ada));
    expect((await connect(ada, { state, code })).status).toBe(200);
    const after = await accounts.openRouterKeyOf(ada.id);
    expect(after).toBe(openRouter.keys.at(-1)?.key);
    expect(after).not.toBe(before);

    const disconnected = await harness.as(ada).post('/api/open-router/disconnect');
    expect(disconnected.body).toEqual({ ok: true });
    expect((await harness.as(ada).get('/api/open-router')).body).toEqual({ connection: null });
    expect(await connectionRow(ada)).toBeUndefined();
    await expect(accounts.openRouterKeyOf(ada.id)).resolves.toBeNull();
    await expect(accounts.hasOpenRouterKey(ada.id)).resolves.toBe(false);
    // Bea's connection is hers: Ada's disconnect left it.
    await expect(accounts.hasOpenRouterKey(bea.id)).resolves.toBe(true);
  });

  it('sends the person back to the Mason origin they are on, never to another', async () => {
    const carl = await local.signUp('carl');
    const callbackOf = async (headers: Record<string, string>) =>
      new URL((await authorize(carl, local, headers)).searchParams.get('callback_url') ?? '');
    expect((await callbackOf({ origin: 'http://127.0.0.1:4200' })).origin).toBe(
      'http://127.0.0.1:4200',
    );
    expect((await callbackOf({ origin: 'http://localhost:4200' })).origin).toBe(
      'http://localhost:4200',
    );
    expect((await callbackOf({ origin: 'https://evil.example' })).origin).toBe(
      'http://localhost:4200',
    );
  });

  it('asks for a session and a well-formed body', async () => {
    expect((await harness.request('GET', '/api/open-router')).status).toBe(401);
    expect((await harness.request('GET', '/api/open-router/authorize-url')).status).toBe(401);
    const missing = await connect(ada, { state: 'only-a-state' });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ code: 'This field is required.' });
  });
});
