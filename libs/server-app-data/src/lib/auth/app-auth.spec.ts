// Sign-in as the official client sees it: @supabase/supabase-js against a real node:http server
// mapping /auth/v1 to AppAuth over a real database (PGlite; PostgreSQL with TEST_DATABASE_URL:
// `nx run server-app-data:test-pg`). The clock is the real one plus an offset tests move forward.
import {
  createClient,
  type AuthChangeEvent,
  type AuthError,
  type SupabaseClient,
} from '@supabase/supabase-js';
import { AppAuth } from './app-auth';
import { anonKey, verifyAppJwt, type AppJwtKeys } from './jwt';
import {
  createAuthTestDatabase,
  startAuthTestServer,
  testKeys,
  type AuthTestDatabase,
  type AuthTestServer,
} from './test-utils/auth-test-server';

let db: AuthTestDatabase;
let keys: AppJwtKeys;
let anon: string;
let server: AuthTestServer;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  db = await createAuthTestDatabase();
  keys = testKeys();
  anon = await anonKey(keys);
  const auth = new AppAuth({ limits: { signupsPerHour: 1000, failedSignInsPer15Min: 1000 }, now });
  server = await startAuthTestServer(auth, db, keys);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.close();
});

function client(options: { url?: string; key?: string; ip?: string } = {}): SupabaseClient {
  return createClient(options.url ?? server.url, options.key ?? anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: options.ip ? { 'x-test-ip': options.ip } : {} },
  });
}

let serial = 0;
/** A fresh e-mail address per call, so that tests do not see each other's users. */
const email = (name = 'user') => `${name}-${++serial}-${Date.now().toString(36)}@example.com`;
const PASSWORD = 'correct horse battery';

async function signedUp(address = email(), c = client()) {
  const { data, error } = await c.auth.signUp({ email: address, password: PASSWORD });
  expect(error).toBeNull();
  const session = data.session;
  if (!session) throw new Error('sign-up answered no session');
  return { client: c, session, email: address };
}

async function signedIn(address: string, password = PASSWORD) {
  const c = client();
  const { data, error } = await c.auth.signInWithPassword({ email: address, password });
  expect(error).toBeNull();
  const session = data.session;
  if (!session) throw new Error('sign-in answered no session');
  return { client: c, session };
}

/** A request without supabase-js (to see the raw wire). */
async function raw(
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
) {
  const response = await fetch(`${server.url}/auth/v1${path}`, {
    method,
    headers: { apikey: anon, 'content-type': 'application/json', ...options.headers },
    body: options.body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

const errorOf = (error: AuthError | null) =>
  error && { name: error.name, code: error.code, status: error.status, message: error.message };

const usersNamed = async (address: string) =>
  (
    await db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where lower(email) = lower($1)',
      [address],
    )
  )[0]?.n;

describe('signUp', () => {
  it('answers a session at once (e-mail confirmation off) with Supabase’s claims', async () => {
    const address = email('New');
    const c = client();
    const { data, error } = await c.auth.signUp({
      email: address,
      password: PASSWORD,
      options: { data: { name: 'Ada' } },
    });
    expect(error).toBeNull();
    const user = data.user;
    expect(user).toMatchObject({
      email: address.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada' },
      is_anonymous: false,
    });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    const claims = await verifyAppJwt(keys, data.session?.access_token ?? '', { now: now() });
    expect(claims).toMatchObject({
      role: 'authenticated',
      aud: 'authenticated',
      sub: user?.id,
      email: address.toLowerCase(),
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      iss: keys.issuer,
      ref: keys.ref,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ada' },
      is_anonymous: false,
    });
    expect((claims?.exp ?? 0) - Number(claims?.['iat'])).toBe(3600);
    const session = await c.auth.getSession();
    expect(session.data.session?.access_token).toBe(data.session?.access_token);
  });

  it('stores the password only as an argon2id hash', async () => {
    const { email: address } = await signedUp();
    const [row] = await db.query<{ encrypted_password: string }>(
      'select encrypted_password from auth.users where email = $1',
      [address],
    );
    expect(row?.encrypted_password).toMatch(/^\$argon2id\$/);
    expect(row?.encrypted_password).not.toContain(PASSWORD);
    const tokens = await db.query<{ token_hash: string }>(
      'select t.token_hash from auth.refresh_tokens t join auth.users u on u.id = t.user_id where u.email = $1',
      [address],
    );
    expect(tokens).toHaveLength(1);
  });

  it('refuses a second account for the same e-mail, in any case', async () => {
    const { email: address } = await signedUp();
    const { data, error } = await client().auth.signUp({
      email: address.toUpperCase(),
      password: 'another password',
    });
    expect(errorOf(error)).toEqual({
      name: 'AuthApiError',
      code: 'user_already_exists',
      status: 422,
      message: 'User already registered',
    });
    expect(data.session).toBeNull();
    expect(await usersNamed(address)).toBe(1);
  });

  it('refuses a weak password with its reasons and creates nothing', async () => {
    const address = email();
    const { error } = await client().auth.signUp({ email: address, password: '12345' });
    expect(errorOf(error)).toEqual({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
      status: 422,
      message: 'Password should be at least 6 characters.',
    });
    expect((error as AuthError & { reasons?: string[] }).reasons).toEqual(['length']);
    expect(await usersNamed(address)).toBe(0);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email', password: PASSWORD }, 400, 'validation_failed'],
    ['no password', { email: 'x@example.com', password: '' }, 400, 'validation_failed'],
    [
      'a password over 72 bytes',
      { email: 'y@example.com', password: 'é'.repeat(37) },
      400,
      'validation_failed',
    ],
  ])('refuses %s', async (_name, credentials, status, code) => {
    const { error } = await client().auth.signUp(credentials);
    expect(errorOf(error)).toMatchObject({ code, status });
    expect(await usersNamed(credentials.email)).toBe(0);
  });
});

describe('signInWithPassword', () => {
  it('signs in with the right password, a new session each time', async () => {
    const { email: address, session: first } = await signedUp();
    const { session } = await signedIn(address.toUpperCase());
    expect(session.user.email).toBe(address);
    expect(session.user.last_sign_in_at).toEqual(expect.any(String));
    const a = await verifyAppJwt(keys, first.access_token, { now: now() });
    const b = await verifyAppJwt(keys, session.access_token, { now: now() });
    expect(b?.sub).toBe(a?.sub);
    expect(b?.session_id).not.toBe(a?.session_id);
  });

  it('answers invalid_credentials alike for a wrong password and an unknown e-mail', async () => {
    const { email: address } = await signedUp();
    const wrong = await client().auth.signInWithPassword({ email: address, password: 'wrong!!' });
    const unknown = await client().auth.signInWithPassword({
      email: email('nobody'),
      password: PASSWORD,
    });
    const expected = {
      name: 'AuthApiError',
      code: 'invalid_credentials',
      status: 400,
      message: 'Invalid login credentials',
    };
    expect(errorOf(wrong.error)).toEqual(expected);
    expect(errorOf(unknown.error)).toEqual(expected);
    expect(wrong.data.session).toBeNull();
  });
});

describe('getUser and updateUser', () => {
  it('getUser answers the signed-in user', async () => {
    const { client: c, session } = await signedUp();
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: session.user.id, email: session.user.email });
  });

  it('changes the password: the new one signs in, the old one not, other sessions end', async () => {
    const { client: c, email: address } = await signedUp();
    const other = await signedIn(address);
    const { error } = await c.auth.updateUser({ password: 'a brand new password' });
    expect(error).toBeNull();
    expect(
      errorOf(
        (await client().auth.signInWithPassword({ email: address, password: PASSWORD })).error,
      ),
    ).toMatchObject({ code: 'invalid_credentials' });
    await signedIn(address, 'a brand new password');
    const refreshed = await other.client.auth.refreshSession();
    expect(errorOf(refreshed.error)).toMatchObject({
      code: 'refresh_token_not_found',
      status: 400,
    });
    // The session that changed it goes on.
    expect((await c.auth.refreshSession()).error).toBeNull();
  });

  it('refuses the same password and a weak one', async () => {
    const { client: c } = await signedUp();
    expect(errorOf((await c.auth.updateUser({ password: PASSWORD })).error)).toMatchObject({
      code: 'same_password',
      status: 422,
    });
    expect(errorOf((await c.auth.updateUser({ password: 'abc' })).error)).toMatchObject({
      name: 'AuthWeakPasswordError',
      code: 'weak_password',
    });
  });

  it('merges data (null removes a key) and the new metadata reaches the next access token', async () => {
    const c = client();
    await c.auth.signUp({
      email: email(),
      password: PASSWORD,
      options: { data: { name: 'Ada', theme: 'dark' } },
    });
    const { data, error } = await c.auth.updateUser({ data: { theme: null, plan: 'pro' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ name: 'Ada', plan: 'pro' });
    const refreshed = await c.auth.refreshSession();
    const claims = await verifyAppJwt(keys, refreshed.data.session?.access_token ?? '', {
      now: now(),
    });
    expect(claims?.['user_metadata']).toEqual({ name: 'Ada', plan: 'pro' });
  });

  it('changes the e-mail address, but not to one another user has', async () => {
    const { client: c } = await signedUp();
    const { email: taken } = await signedUp();
    expect(errorOf((await c.auth.updateUser({ email: taken })).error)).toMatchObject({
      code: 'email_exists',
      status: 422,
    });
    const fresh = email('Moved');
    const { data, error } = await c.auth.updateUser({ email: fresh });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(fresh.toLowerCase());
    await signedIn(fresh);
  });

  it('refuses to set app_metadata', async () => {
    const { session } = await signedUp();
    const response = await raw('PUT', '/user', {
      headers: { authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ app_metadata: { admin: true } }),
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error_code: 'not_admin' });
  });
});

describe('refresh and rotation', () => {
  it('rotates: each refresh answers a new token; the parent of the active one answers it again', async () => {
    const { client: c, session: s0 } = await signedUp();
    const r1 = await c.auth.refreshSession();
    expect(r1.error).toBeNull();
    const t1 = r1.data.session?.refresh_token ?? '';
    expect(t1).not.toBe(s0.refresh_token);
    const r2 = await c.auth.refreshSession();
    const t2 = r2.data.session?.refresh_token ?? '';
    expect(t2).not.toBe(t1);
    // A client that lost r2's answer retries with t1 (the parent of the active t2): it gets t2.
    offsetMs += 60_000;
    const again = await client().auth.refreshSession({ refresh_token: t1 });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(t2);
  });

  it('swaps an older token within the reuse interval; after it, refresh_token_already_used ends the session', async () => {
    const { client: c, session: s0 } = await signedUp();
    const r1 = await c.auth.refreshSession();
    const t1 = r1.data.session?.refresh_token ?? '';
    const r2 = await c.auth.refreshSession();
    const t2 = r2.data.session?.refresh_token ?? '';
    // Within 10 s (concurrent tabs), the grandparent still swaps, for a token of its own.
    const soon = await client().auth.refreshSession({ refresh_token: s0.refresh_token });
    expect(soon.error).toBeNull();
    const branch = soon.data.session;
    expect([s0.refresh_token, t1, t2]).not.toContain(branch?.refresh_token);
    offsetMs += 11_000;
    // After it, t1 (neither active nor the parent of the active one) is a reuse.
    const late = await client().auth.refreshSession({ refresh_token: t1 });
    expect(errorOf(late.error)).toEqual({
      name: 'AuthApiError',
      code: 'refresh_token_already_used',
      status: 400,
      message: 'Invalid Refresh Token: Already Used',
    });
    // The whole session ended: its tokens are gone and its access tokens find no session.
    for (const token of [t2, branch?.refresh_token ?? '']) {
      const after = await client().auth.refreshSession({ refresh_token: token });
      expect(errorOf(after.error)).toMatchObject({ code: 'refresh_token_not_found' });
    }
    const user = await client().auth.getUser(branch?.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('answers refresh_token_not_found for an unknown token and validation_failed for a malformed one', async () => {
    const unknown = await client().auth.refreshSession({ refresh_token: 'A'.repeat(40) });
    expect(errorOf(unknown.error)).toMatchObject({ code: 'refresh_token_not_found', status: 400 });
    const malformed = await client().auth.refreshSession({ refresh_token: 'short' });
    expect(errorOf(malformed.error)).toMatchObject({ code: 'validation_failed', status: 400 });
  });
});

describe('signOut', () => {
  it('local ends this session only', async () => {
    const { client: a, email: address, session } = await signedUp();
    const b = await signedIn(address);
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    const old = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(errorOf(old.error)).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await b.client.auth.refreshSession()).error).toBeNull();
  });

  it('global ends every session of the user', async () => {
    const { client: a, email: address } = await signedUp();
    const b = await signedIn(address);
    expect((await a.auth.signOut()).error).toBeNull();
    const other = await b.client.auth.refreshSession();
    expect(errorOf(other.error)).toMatchObject({ code: 'refresh_token_not_found' });
    const user = await client().auth.getUser(b.session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('others ends every session but this one', async () => {
    const { client: a, email: address } = await signedUp();
    const b = await signedIn(address);
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect(errorOf((await b.client.auth.refreshSession()).error)).toMatchObject({
      code: 'refresh_token_not_found',
    });
    expect((await a.auth.refreshSession()).error).toBeNull();
  });
});

describe('onAuthStateChange', () => {
  it('tells SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and SIGNED_OUT in order', async () => {
    const c = client();
    const events: [AuthChangeEvent, string | undefined][] = [];
    const initial = new Promise<void>((resolve) => {
      c.auth.onAuthStateChange((event, session) => {
        events.push([event, session?.user.email]);
        if (event === 'INITIAL_SESSION') resolve();
      });
    });
    await initial;
    const address = email();
    await c.auth.signUp({ email: address, password: PASSWORD });
    await c.auth.refreshSession();
    await c.auth.updateUser({ data: { seen: true } });
    await c.auth.signOut();
    await c.auth.signInWithPassword({ email: address, password: PASSWORD });
    expect(events).toEqual([
      ['INITIAL_SESSION', undefined],
      ['SIGNED_IN', address],
      ['TOKEN_REFRESHED', address],
      ['USER_UPDATED', address],
      ['SIGNED_OUT', undefined],
      ['SIGNED_IN', address],
    ]);
  });
});

describe('JWTs', () => {
  it('the anon key verifies as role anon of this app, and is the same every time', async () => {
    expect(await verifyAppJwt(keys, anon)).toEqual({
      role: 'anon',
      iss: keys.issuer,
      ref: keys.ref,
    });
    expect(await anonKey(keys)).toBe(anon);
    expect(await verifyAppJwt(testKeys(), anon)).toBeNull();
  });

  it('refuses a JWT of another project’s keys', async () => {
    const other = testKeys();
    const otherAnon = await anonKey(other);
    expect(await verifyAppJwt(keys, otherAnon)).toBeNull();
    // Same ref and issuer, another secret: still not ours.
    expect(await verifyAppJwt({ ...keys, secret: other.secret }, anon)).toBeNull();
    // The other project's anon key is no apikey here.
    const response = await raw('GET', '/settings', { headers: { apikey: otherAnon } });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ message: 'Invalid API key' });
    // Nor is a session of another project a Bearer token here.
    const otherDb = await createAuthTestDatabase();
    const otherServer = await startAuthTestServer(new AppAuth({ now }), otherDb, other);
    try {
      const { data } = await client({ url: otherServer.url, key: otherAnon }).auth.signUp({
        email: email(),
        password: PASSWORD,
      });
      const token = data.session?.access_token ?? '';
      expect(await verifyAppJwt(other, token, { now: now() })).toMatchObject({
        role: 'authenticated',
      });
      expect(await verifyAppJwt(keys, token, { now: now() })).toBeNull();
      const user = await client().auth.getUser(token);
      expect(errorOf(user.error)).toMatchObject({ code: 'bad_jwt', status: 403 });
    } finally {
      await otherServer.close();
      await otherDb.close();
    }
  }, 60_000);

  it('refuses an expired access token', async () => {
    const { session } = await signedUp();
    expect(await verifyAppJwt(keys, session.access_token, { now: now() })).not.toBeNull();
    offsetMs += 3601_000;
    expect(await verifyAppJwt(keys, session.access_token, { now: now() })).toBeNull();
    const { error } = await client().auth.getUser(session.access_token);
    expect(errorOf(error)).toMatchObject({ code: 'bad_jwt', status: 403 });
    expect(error?.message).toContain('token is expired');
    // The refresh token still works: a new access token.
    const refreshed = await client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
  });

  it('an access token’s claims drive auth.uid() in the database, which cannot read auth.users', async () => {
    const { session } = await signedUp();
    const claims = await verifyAppJwt(keys, session.access_token, { now: now() });
    const uid = await db.asCaller('authenticated', claims ?? {}, async (sql) => {
      const { rows } = await sql.query<{ uid: string }>('select auth.uid()::text as uid');
      return rows[0]?.uid;
    });
    expect(uid).toBe(session.user.id);
    for (const table of ['auth.users', 'auth.sessions', 'auth.refresh_tokens'])
      for (const role of ['anon', 'authenticated'] as const)
        await expect(
          db.asCaller(role, claims ?? {}, (sql) => sql.query(`select * from ${table}`)),
        ).rejects.toMatchObject({ code: '42501' });
  });
});

describe('the wire', () => {
  it('answers GoTrue’s older error shape to a client that names no API version', async () => {
    const response = await raw('POST', '/token?grant_type=password', {
      body: JSON.stringify({ email: email(), password: 'whatever' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
    expect(response.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('answers the 2024-01-01 shape to a client that names it', async () => {
    const response = await raw('POST', '/token?grant_type=password', {
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: email(), password: 'whatever' }),
    });
    expect(response.body).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it.each([
    ['no JSON body', 'POST', '/signup', '{oops', 400, 'bad_json'],
    ['a body that is not an object', 'POST', '/signup', '[1]', 400, 'bad_json'],
    [
      'data that is not an object',
      'POST',
      '/signup',
      JSON.stringify({ email: 'd@example.com', password: PASSWORD, data: 'x' }),
      400,
      'bad_json',
    ],
    [
      'a password that is not a string',
      'POST',
      '/token?grant_type=password',
      JSON.stringify({ email: 'e@example.com', password: 123456 }),
      400,
      'bad_json',
    ],
    ['an unsupported grant', 'POST', '/token?grant_type=magic', '{}', 400, 'invalid_credentials'],
    [
      'no e-mail on sign-in',
      'POST',
      '/token?grant_type=password',
      JSON.stringify({ password: PASSWORD }),
      400,
      'validation_failed',
    ],
    [
      'a phone sign-up',
      'POST',
      '/signup',
      JSON.stringify({ phone: '+15555550100', password: PASSWORD }),
      400,
      'phone_provider_disabled',
    ],
    [
      'an anonymous sign-up',
      'POST',
      '/signup',
      JSON.stringify({ password: PASSWORD }),
      422,
      'anonymous_provider_disabled',
    ],
    ['GET /user without a token', 'GET', '/user', undefined, 401, 'no_authorization'],
    ['an unknown path', 'GET', '/nowhere', undefined, 404, 'unknown'],
    ['a wrong method', 'DELETE', '/user', undefined, 405, 'unknown'],
  ])('answers %s with a 4xx', async (_name, method, path, body, status, code) => {
    const before = (await db.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]
      ?.n;
    const response = await raw(method, path, { body });
    expect({ status: response.status, code: response.body?.['error_code'] }).toEqual({
      status,
      code,
    });
    const after = (await db.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]
      ?.n;
    expect(after).toBe(before);
  });

  it('GET /user with the anon key as Bearer is bad_jwt (no sub)', async () => {
    const response = await raw('GET', '/user', { headers: { authorization: `Bearer ${anon}` } });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      error_code: 'bad_jwt',
      msg: 'invalid claim: missing sub claim',
    });
  });

  it('an unsupported logout scope is validation_failed', async () => {
    const { session } = await signedUp();
    const response = await raw('POST', '/logout?scope=everywhere', {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error_code: 'validation_failed' });
  });

  it('asks for the apikey', async () => {
    const response = await fetch(`${server.url}/auth/v1/settings`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('serves /settings and /health', async () => {
    const settings = await raw('GET', '/settings');
    expect(settings.body).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
    expect((await raw('GET', '/health')).body).toMatchObject({ name: 'GoTrue' });
  });
});

describe('rate limits', () => {
  let limited: AuthTestServer;
  let otherApp: AuthTestServer;
  let otherKeys: AppJwtKeys;
  let otherDb: AuthTestDatabase;

  beforeAll(async () => {
    const auth = new AppAuth({ limits: { signupsPerHour: 2, failedSignInsPer15Min: 2 }, now });
    limited = await startAuthTestServer(auth, db, keys);
    otherKeys = testKeys();
    otherDb = await createAuthTestDatabase();
    otherApp = await startAuthTestServer(auth, otherDb, otherKeys);
  }, 60_000);

  afterAll(async () => {
    await limited?.close();
    await otherApp?.close();
    await otherDb?.close();
  });

  it('limits sign-ups per app and per client address per hour', async () => {
    const from = (ip: string) => client({ url: limited.url, ip });
    for (let i = 0; i < 2; i++)
      expect(
        (await from('203.0.113.1').auth.signUp({ email: email(), password: PASSWORD })).error,
      ).toBeNull();
    const address = email();
    const refused = await from('203.0.113.1').auth.signUp({ email: address, password: PASSWORD });
    expect(errorOf(refused.error)).toEqual({
      name: 'AuthApiError',
      code: 'over_request_rate_limit',
      status: 429,
      message: 'Request rate limit reached',
    });
    expect(await usersNamed(address)).toBe(0);
    // Another address, and the same address on another app, are counted apart.
    expect(
      (await from('203.0.113.2').auth.signUp({ email: email(), password: PASSWORD })).error,
    ).toBeNull();
    const elsewhere = client({
      url: otherApp.url,
      key: await anonKey(otherKeys),
      ip: '203.0.113.1',
    });
    expect((await elsewhere.auth.signUp({ email: email(), password: PASSWORD })).error).toBeNull();
    // An hour later the address may sign up again.
    offsetMs += 3601_000;
    expect(
      (await from('203.0.113.1').auth.signUp({ email: address, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('limits failed sign-ins per app and per e-mail for 15 minutes', async () => {
    const { email: address } = await signedUp();
    const limitedClient = () => client({ url: limited.url });
    for (let i = 0; i < 2; i++) {
      const { error } = await limitedClient().auth.signInWithPassword({
        email: address,
        password: 'wrong!!',
      });
      expect(error?.code).toBe('invalid_credentials');
    }
    const right = await limitedClient().auth.signInWithPassword({
      email: address,
      password: PASSWORD,
    });
    expect(errorOf(right.error)).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    // Another e-mail is not held up.
    const { email: other } = await signedUp();
    expect(
      (await limitedClient().auth.signInWithPassword({ email: other, password: PASSWORD })).error,
    ).toBeNull();
    // The count is kept with the app's users: Mason started again still refuses.
    const restarted = await startAuthTestServer(
      new AppAuth({ limits: { signupsPerHour: 2, failedSignInsPer15Min: 2 }, now }),
      db,
      keys,
    );
    try {
      const afterRestart = await client({ url: restarted.url }).auth.signInWithPassword({
        email: address,
        password: PASSWORD,
      });
      expect(errorOf(afterRestart.error)).toMatchObject({
        code: 'over_request_rate_limit',
        status: 429,
      });
    } finally {
      await restarted.close();
    }
    offsetMs += 15 * 60_000 + 1000;
    expect(
      (await limitedClient().auth.signInWithPassword({ email: address, password: PASSWORD })).error,
    ).toBeNull();
    // A successful sign-in clears the failures: two more wrong passwords are allowed again.
    for (let i = 0; i < 2; i++) {
      const { error } = await limitedClient().auth.signInWithPassword({
        email: address,
        password: 'wrong!!',
      });
      expect(error?.code).toBe('invalid_credentials');
    }
  });
});
