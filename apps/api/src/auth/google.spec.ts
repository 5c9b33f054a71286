import { eq } from 'drizzle-orm';
import { type ApiErrorBody, type AuthTokenResponse, ErrorMessages } from '@mason/contract';
import { users } from '@mason/server-db';
import {
  currentUser,
  linkToken,
  login,
  mailsTo,
  mailWithSubject,
  signUp,
  uniqueEmail,
} from '../test-utils/accounts';
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

  it('links Google to an existing account whose address is verified, and keeps its password and sessions', async () => {
    const account = await signUp(server);
    const [verification] = await mailsTo(server, account.email);
    expect(
      (
        await server.request('POST', '/api/auth/verify-email', {
          body: { token: linkToken(verification, 'verify-email') },
        })
      ).status,
    ).toBe(200);

    const response = await googleLogin(
      await google.idToken({ sub: newSub(), email: account.email, name: 'Ada Lovelace' }),
    );
    expect(response.status).toBe(200);
    const me = (await currentUser(server, response.body.token)).body;
    expect(me).toMatchObject({
      email: account.email,
      firstName: 'Ada',
      emailVerified: true,
      hasPassword: true,
    });
    expect((await currentUser(server, account.token)).status).toBe(200);
    expect((await login(server, account.email, account.password)).status).toBe(200);
  });

  it('takes back an account someone made with the owner’s address: their session and password stop working', async () => {
    // The intruder signs up with the owner's address (it stays unverified) and keeps the session.
    const ownersEmail = uniqueEmail('owner');
    const intruder = await signUp(server, { email: ownersEmail, firstName: 'Mallory' });
    const intruderElsewhere = (await login(server, ownersEmail, intruder.password)).body.token;
    expect((await currentUser(server, intruder.token)).body.emailVerified).toBe(false);

    // The owner uses "Continue with Google".
    const owner = await googleLogin(
      await google.idToken({ sub: newSub(), email: ownersEmail, name: 'Ada Lovelace' }),
    );
    expect(owner.status).toBe(200);
    const me = await currentUser(server, owner.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: ownersEmail, emailVerified: true, hasPassword: false });

    // Every session the intruder had ended, and their password no longer logs in.
    expect((await currentUser(server, intruder.token)).status).toBe(401);
    expect((await currentUser(server, intruderElsewhere)).status).toBe(401);
    const intruderLogin = await login(server, ownersEmail, intruder.password);
    expect(intruderLogin.status).toBe(403);
    expect(intruderLogin.body.message).toBe(ErrorMessages.invalidCredentials);

    // The owner is told why, with a link to choose a password of their own.
    const mail = mailWithSubject(
      await mailsTo(server, ownersEmail),
      /We secured your Mason account/,
    );
    expect(mail.text).toMatch(/signed in to Mason with Google/);
    expect(mail.text).toMatch(/ended every session of it and removed the password/);
    const reset = await server.request('POST', '/api/auth/password-reset/confirm', {
      body: { token: linkToken(mail, 'password-reset'), password: 'owners-own-pass-9' },
    });
    expect(reset.status).toBe(200);
    expect((await login(server, ownersEmail, 'owners-own-pass-9')).status).toBe(200);
    expect((await login(server, ownersEmail, intruder.password)).status).toBe(403);
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
