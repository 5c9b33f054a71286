import {
  type ApiErrorBody,
  type AuthTokenResponse,
  ErrorMessages,
  type User,
} from '@mason/contract';
import { eq } from 'drizzle-orm';
import { authTokens } from '@mason/server-db';
import { hashToken } from '@mason/server-auth';
import { currentUser, login, mailsTo, PASSWORD, signUp, uniqueEmail } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

describe('sign-up and sessions', () => {
  it('signs a person up, logs them in at once, and ends the session on logout', async () => {
    const email = uniqueEmail('New.Person');
    const signup = await server.request<AuthTokenResponse>('POST', '/api/users', {
      body: {
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: email.toUpperCase(),
        password: PASSWORD,
        referralCode: 'FRIEND-1',
      },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await currentUser(server, signup.body.token);
    expect(me.status).toBe(200);
    expect(me.body).toEqual<User>({
      id: expect.any(String),
      email: email.toLowerCase(),
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerified: false,
      hasPassword: true,
      signupSource: null,
      createdAt: expect.any(String),
    });
    expect(me.body).not.toHaveProperty('passwordHash');

    // The verification e-mail went out with a link to the web app.
    const [mail] = await mailsTo(server, email.toLowerCase());
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.text).toMatch(/^.*http:\/\/mason\.test\/verify-email\/[A-Za-z0-9_-]{43}/m);

    const logout = await server.request('POST', '/api/auth/logout', { token: signup.body.token });
    expect(logout.status).toBe(204);

    const after = await currentUser(server, signup.body.token);
    expect(after.status).toBe(401);
    expect(after.body).toEqual<ApiErrorBody>({
      statusCode: 401,
      error: 'Unauthorized',
      message: expect.any(String),
    });
    // Logging out twice: the token is already dead.
    expect(
      (await server.request('POST', '/api/auth/logout', { token: signup.body.token })).status,
    ).toBe(401);
  });

  it('refuses a taken e-mail address with 400 "Email already in use."', async () => {
    const first = await signUp(server);
    const again = await server.request<ApiErrorBody>('POST', '/api/users', {
      body: {
        firstName: 'Other',
        lastName: 'Person',
        email: first.email.toUpperCase(),
        password: 'another-pass-1',
      },
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ErrorMessages.emailInUse,
      fieldErrors: { email: ErrorMessages.emailInUse },
    });
    // The first account still has its own password.
    expect((await login(server, first.email, first.password)).status).toBe(200);
  });

  it('logs in with the right password (any case of the address) and refuses wrong ones with 403', async () => {
    const account = await signUp(server);
    const ok = await login(server, account.email.toUpperCase(), account.password);
    expect(ok.status).toBe(200);
    expect(ok.body.token).not.toBe(account.token);
    expect((await currentUser(server, ok.body.token)).body.email).toBe(account.email);

    const wrong = await login(server, account.email, 'wrong-password-1');
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: ErrorMessages.invalidCredentials,
    });

    const unknown = await login(server, uniqueEmail('nobody'), account.password);
    expect(unknown.status).toBe(403);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('extends a session that is in use (30 days after its last use)', async () => {
    const account = await signUp(server);
    const byToken = eq(authTokens.tokenHash, hashToken(account.token));
    const soon = new Date(Date.now() + 60_000);
    await server.database.db
      .update(authTokens)
      .set({ lastUsedAt: new Date(Date.now() - 2 * 3600_000), expiresAt: soon })
      .where(byToken);
    expect((await currentUser(server, account.token)).status).toBe(200);
    const [row] = await server.database.db.select().from(authTokens).where(byToken);
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it('refuses an expired session', async () => {
    // (Not used before it expires: a session used in the last few seconds is answered from the
    // server's memory, where it expires by its own date, not by a change made behind its back.)
    const account = await signUp(server);
    await server.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashToken(account.token)));
    expect((await currentUser(server, account.token)).status).toBe(401);
  });

  it('answers 401 without a token, with a malformed one, and with an unknown one', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ];
    for (const headers of attempts) {
      const response = await server.request<ApiErrorBody>('GET', '/api/users/current', { headers });
      expect(response.status).toBe(401);
      expect(response.body.statusCode).toBe(401);
    }
  });
});
