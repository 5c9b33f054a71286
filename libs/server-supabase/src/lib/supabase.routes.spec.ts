import type {
  ApiErrorBody,
  SupabaseAuthorizeUrlResponse,
  SupabaseIntegrationResponse,
  SupabaseProjectsResponse,
} from '@mason/contract';
import { supabaseConnections, supabaseOauthStates } from '@mason/server-db';
import {
  type DomainHarness,
  type HarnessUser,
  reversingSealer,
  startDomainHarness,
} from '@mason/server-testing';
import { eq } from 'drizzle-orm';
import { startSupabaseStandIn, type SupabaseStandIn } from '../testing';
import { SupabaseAccounts, SupabaseMessages, type SecretSealer } from './supabase-accounts.service';
import { supabaseManagement } from './supabase-client';
import { supabaseRoutes } from './supabase.routes';

const PUBLIC_URL = 'https://mason.test';
const REF = 'abcdefghijklmnopqrst';

const sealer: SecretSealer = reversingSealer;

describe('a person’s Supabase account over HTTP, through Supabase’s OAuth, against a stand-in on loopback', () => {
  let supabase: SupabaseStandIn;
  let shortLived: SupabaseStandIn;
  let harness: DomainHarness;
  let refreshing: DomainHarness;
  let unconfigured: DomainHarness;
  let accounts: SupabaseAccounts;
  let ada: HarnessUser;
  let bea: HarnessUser;

  const start = (standIn: SupabaseStandIn | null) =>
    startDomainHarness(async (api, { db }) => {
      const service = new SupabaseAccounts({
        db,
        supabase:
          standIn &&
          supabaseManagement({
            clientId: standIn.clientId,
            clientSecret: standIn.clientSecret,
            apiUrl: standIn.apiUrl,
          }),
        secrets: sealer,
        publicUrl: PUBLIC_URL,
      });
      if (standIn === supabase) accounts = service;
      await api.register(supabaseRoutes, { accounts: service });
    });
  const projects = [
    { ref: REF, name: 'Notes', anonKey: 'anon-key-of-notes' },
    { ref: 'zyxwvutsrqponmlkjihg', name: 'Shop', status: 'PAUSED', anonKey: 'anon-key-of-shop' },
  ];

  beforeAll(async () => {
    supabase = await startSupabaseStandIn({ projects });
    // Tokens that are expired as soon as they are given: every use refreshes first.
    shortLived = await startSupabaseStandIn({ projects, expiresIn: 0 });
    harness = await start(supabase);
    refreshing = await start(shortLived);
    unconfigured = await start(null);
    ada = await harness.signUp('ada');
    bea = await harness.signUp('bea');
  });
  afterAll(async () => {
    await harness?.close();
    await refreshing?.close();
    await unconfigured?.close();
    await supabase?.close();
    await shortLived?.close();
  });

  const authorize = async (on: DomainHarness, user: HarnessUser) => {
    const answer = await on
      .as(user)
      .get<SupabaseAuthorizeUrlResponse>('/api/supabase/authorize-url');
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** The person approves on Supabase's page: it sends them back with a code and the state. */
  const approve = async (url: string) => {
    const page = await fetch(url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    return new URL(page.headers.get('location') ?? '');
  };
  const connect = (on: DomainHarness, user: HarnessUser, body: unknown) =>
    on.as(user).post<SupabaseIntegrationResponse & ApiErrorBody>('/api/supabase/access-code', body);
  const connectFully = async (on: DomainHarness, user: HarnessUser) => {
    const { url, state } = await authorize(on, user);
    const back = await approve(url);
    const connected = await connect(on, user, { state, code: back.searchParams.get('code') });
    expect(connected.status).toBe(200);
  };

  it('connects with a state bound to the person and PKCE; the tokens rest sealed', async () => {
    expect((await harness.as(ada).get('/api/supabase')).body).toEqual({
      connection: null,
      configured: true,
    });
    const { url, state } = await authorize(harness, ada);
    const authorizeUrl = new URL(url);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(
      `${supabase.apiUrl}/v1/oauth/authorize`,
    );
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/integrations/supabase/redirect`,
    );
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toBe(state);

    const back = await approve(url);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/integrations/supabase/redirect`);
    const code = back.searchParams.get('code');
    // Another person cannot use Ada's state.
    expect((await connect(harness, bea, { state, code })).body.message).toBe(
      SupabaseMessages.badState,
    );
    const connected = await connect(harness, ada, { state, code });
    expect(connected.status).toBe(200);
    expect(connected.body).toEqual({
      configured: true,
      connection: { connectedAt: expect.any(String) },
    });
    // A state works once.
    const again = await connect(harness, ada, { state, code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(SupabaseMessages.badState);

    const [row] = await harness.db
      .select()
      .from(supabaseConnections)
      .where(eq(supabaseConnections.userId, ada.id));
    expect(row?.sealedTokens.startsWith('sealed:')).toBe(true);
    expect(row?.sealedTokens).not.toContain('sbp_oauth_');
    expect(
      await harness.db
        .select()
        .from(supabaseOauthStates)
        .where(eq(supabaseOauthStates.userId, ada.id)),
    ).toEqual([]);
  });

  it('refuses a code Supabase does not accept, and changes nothing', async () => {
    const { state } = await authorize(harness, bea);
    const refused = await connect(harness, bea, { state, code: 'made-up' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SupabaseMessages.codeRefused);
    expect(
      (await harness.as(bea).get<SupabaseIntegrationResponse>('/api/supabase')).body.connection,
    ).toBeNull();
  });

  it('lists the account’s projects, and gives a project’s URL and anon key for an attach', async () => {
    const answer = await harness.as(ada).get<SupabaseProjectsResponse>('/api/supabase/projects');
    expect(answer.status).toBe(200);
    expect(answer.body.projects).toEqual([
      { ref: REF, name: 'Notes', region: 'eu-central-1', status: 'ACTIVE_HEALTHY' },
      { ref: 'zyxwvutsrqponmlkjihg', name: 'Shop', region: 'eu-central-1', status: 'PAUSED' },
    ]);
    await expect(accounts.projectKeys(ada.id, REF)).resolves.toEqual({
      projectUrl: `https://${REF}.supabase.co`,
      anonKey: 'anon-key-of-notes',
    });
    await expect(accounts.projectKeys(ada.id, 'notmineatallxxxxxxxx')).rejects.toMatchObject({
      statusCode: 400,
      message: SupabaseMessages.noSuchProject,
    });
    // Bea has no connection.
    const none = await harness.as(bea).get<ApiErrorBody>('/api/supabase/projects');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(SupabaseMessages.notConnected);
  });

  it('refreshes an expired access token before using it', async () => {
    const carl = await refreshing.signUp('carl');
    await connectFully(refreshing, carl);
    shortLived.requests.length = 0;
    const first = await refreshing.as(carl).get<SupabaseProjectsResponse>('/api/supabase/projects');
    const second = await refreshing
      .as(carl)
      .get<SupabaseProjectsResponse>('/api/supabase/projects');
    expect([first.status, second.status]).toEqual([200, 200]);
    // Each use refreshed first (the rotated refresh token worked the second time too).
    expect(shortLived.requests).toEqual([
      'POST /v1/oauth/token',
      'GET /v1/projects',
      'POST /v1/oauth/token',
      'GET /v1/projects',
    ]);
  });

  it('says to connect again when Supabase no longer accepts Mason, and disconnects', async () => {
    const dan = await refreshing.signUp('dan');
    await connectFully(refreshing, dan);
    shortLived.revoke(true);
    const revoked = await refreshing.as(dan).get<ApiErrorBody>('/api/supabase/projects');
    expect(revoked.status).toBe(409);
    expect(revoked.body.message).toBe(SupabaseMessages.accessRevoked);

    expect((await refreshing.as(dan).post('/api/supabase/disconnect')).body).toEqual({ ok: true });
    expect(
      (await refreshing.as(dan).get<SupabaseIntegrationResponse>('/api/supabase')).body.connection,
    ).toBeNull();
  });

  it('without an OAuth app: says so, and says what to set', async () => {
    const eve = await unconfigured.signUp('eve');
    expect((await unconfigured.as(eve).get('/api/supabase')).body).toEqual({
      connection: null,
      configured: false,
    });
    const refused = await unconfigured.as(eve).get<ApiErrorBody>('/api/supabase/authorize-url');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SupabaseMessages.notConfigured);
    expect(refused.body.message).toContain('SUPABASE_CLIENT_ID and SUPABASE_CLIENT_SECRET');
  });
});
