import { eq } from 'drizzle-orm';
import type { ApiErrorBody, AuthTokenResponse } from '@mason/contract';
import { users } from '@mason/server-db';
import { currentUser, login, signUp, uniqueEmail } from '../test-utils/accounts';
import { type FakeGoogle, startFakeGoogle } from '../test-utils/google-jwks';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let google: FakeGoogle;
let server: TestApp;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestApp({ googleClientId: google.clientId, googleJwksUrl: google.jwksUrl });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

const googleLogin = (token: string, referralCode?: string) =>
  server.request<AuthTokenResponse & ApiErrorBody>('POST', '/api/auth/authorize/google', {
    body: { token, referralCode },
  });

let subject = 0;
const newSub = () => `google-sub-${Date.now()}-${++subject}`;

describe('Google sign-in', () => {
  it('creates a verified account for a new Google user, and logs the same person in again', async () => {
    const email = uniqueEmail('googler');
    const sub = newSub();
    const first = await googleLogin(
      await google.idToken({ sub, email, given_name: 'Katherine', family_name: 'Johnson' }),
      'REF-9',
    );
    expect(first.status).toBe(200);
    const me = await currentUser(server, first.body.token);
    expect(me.body).toMatchObject({
      email,
      firstName: 'Katherine',
      lastName: 'Johnson',
      emailVerified: true,
    });

    const second = await googleLogin(
      await google.idToken({ sub, email, given_name: 'Katherine', family_name: 'Johnson' }),
    );
    expect(second.status).toBe(200);
    expect((await currentUser(server, second.body.token)).body.id).toBe(me.body.id);
    // A Google account has no password to log in with.
    expect((await login(server, email, 'any-password-1')).status).toBe(403);
  });

  it('links Google to an existing account with the same address and verifies it', async () => {
    const account = await signUp(server);
    const response = await googleLogin(
      await google.idToken({ sub: newSub(), email: account.email, name: 'Ada Lovelace' }),
    );
    expect(response.status).toBe(200);
    const me = (await currentUser(server, response.body.token)).body;
    expect(me).toMatchObject({ email: account.email, firstName: 'Ada', emailVerified: true });
    expect((await login(server, account.email, account.password)).status).toBe(200);
  });

  it('refuses tokens Google did not issue for this client with 400', async () => {
    const claims = { sub: newSub(), email: uniqueEmail('forged') };
    const cases = [
      'not-a-jwt',
      await google.idToken(claims, { otherKey: true }),
      await google.idToken(claims, { audience: 'someone-else.apps.googleusercontent.com' }),
      await google.idToken(claims, { issuer: 'https://evil.example.com' }),
      await google.idToken(claims, { expiresAt: Math.floor(Date.now() / 1000) - 60 }),
    ];
    for (const token of cases) {
      const response = await googleLogin(token);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/Google could not confirm/),
      });
    }
    const unverified = await googleLogin(
      await google.idToken({ ...claims, email_verified: false }),
    );
    expect(unverified.status).toBe(400);
    expect(unverified.body.message).toMatch(/not verified/);
    // None of them made an account.
    expect(
      await server.database.db.select().from(users).where(eq(users.email, claims.email)),
    ).toEqual([]);
  });

  it('validates the body', async () => {
    const response = await server.request<ApiErrorBody>('POST', '/api/auth/authorize/google', {
      body: { token: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ token: 'Missing Google credential.' });
  });
});
