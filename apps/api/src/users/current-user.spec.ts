import { eq } from 'drizzle-orm';
import {
  type ApiErrorBody,
  type AuthTokenResponse,
  ErrorMessages,
  type User,
} from '@mason/contract';
import { authTokens } from '@mason/server-db';
import { hashToken } from '@mason/server-auth';
import {
  currentUser,
  login,
  mailsTo,
  mailWithSubject,
  signUp,
  uniqueEmail,
  uniqueIp,
  waitForMails,
} from '../test-utils/accounts';
import { type FakeGoogle, startFakeGoogle } from '../test-utils/google-jwks';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let google: FakeGoogle;
let server: TestApp;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestApp({
    googleClientId: google.clientId,
    googleJwksUrl: google.jwksUrl,
    supportEmail: 'help@mason.test',
    rateLimits: {
      loginFailuresPerAccount: { max: 3, windowSeconds: 900 },
      emailChangesPerAccount: { max: 4, windowSeconds: 3600 },
    },
  });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

const update = (token: string, body: unknown, ip?: string) =>
  server.request<User & ApiErrorBody>('PUT', '/api/users/current', { token, body, ip });

/** A person who signed up with Google just now (no password), and their Google session. */
async function googleAccount(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('googler');
  const response = await server.request<AuthTokenResponse>('POST', '/api/auth/authorize/google', {
    body: { token: await google.idToken({ sub: `sub-${email}`, email, name: 'Grace Hopper' }) },
  });
  expect(response.status).toBe(200);
  return { email, token: response.body.token };
}

/** Makes a session look as if it had been made `minutes` ago. */
async function ageSession(token: string, minutes: number): Promise<void> {
  await server.database.db
    .update(authTokens)
    .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(authTokens.tokenHash, hashToken(token)));
}

describe('PUT /api/users/current', () => {
  it('changes names and the signup source, and keeps what is not sent', async () => {
    const account = await signUp(server);
    const response = await update(account.token, {
      firstName: 'Augusta',
      signupSource: 'A friend',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Augusta',
      lastName: 'Lovelace',
      signupSource: 'A friend',
      email: account.email,
    });
    expect((await currentUser(server, account.token)).body).toEqual(response.body);
  });

  it('refuses an address another account has with 400 "Email is taken."', async () => {
    const mine = await signUp(server);
    const theirs = await signUp(server);
    const response = await update(mine.token, {
      email: theirs.email.toUpperCase(),
      currentPassword: mine.password,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ErrorMessages.emailTaken,
      fieldErrors: { email: ErrorMessages.emailTaken },
    });
    expect((await currentUser(server, mine.token)).body.email).toBe(mine.email);
    // Sending one's own address is no change.
    expect((await update(mine.token, { email: mine.email })).status).toBe(200);
  });

  it('sets a new password only with the right current one, and ends the other sessions', async () => {
    const account = await signUp(server);
    const otherDevice = (await login(server, account.email, account.password)).body.token;

    const missing = await update(account.token, { newPassword: 'next-password-2' });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({
      currentPassword: 'Enter your current password to set a new one.',
    });

    const wrong = await update(account.token, {
      currentPassword: 'not-my-password-1',
      newPassword: 'next-password-2',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({
      currentPassword: expect.stringMatching(/current password/),
    });
    expect((await login(server, account.email, account.password)).status).toBe(200);

    const changed = await update(account.token, {
      currentPassword: account.password,
      newPassword: 'next-password-2',
    });
    expect(changed.status).toBe(200);
    expect((await login(server, account.email, 'next-password-2')).status).toBe(200);
    expect((await login(server, account.email, account.password)).status).toBe(403);
    expect((await currentUser(server, account.token)).status).toBe(200);
    expect((await currentUser(server, otherDevice)).status).toBe(401);
  });

  it('never lets one user read or change another’s account', async () => {
    const alice = await signUp(server, { firstName: 'Alice' });
    const bob = await signUp(server, { firstName: 'Bob' });
    const bobBefore = (await currentUser(server, bob.token)).body;

    expect((await currentUser(server, alice.token)).body).toMatchObject({
      firstName: 'Alice',
      email: alice.email,
    });
    // Fields naming another account are not part of the contract: they are ignored.
    const sneaky = await update(alice.token, { id: bobBefore.id, firstName: 'Mallory' });
    expect(sneaky.status).toBe(200);
    expect(sneaky.body).toMatchObject({
      id: expect.not.stringMatching(bobBefore.id),
      firstName: 'Mallory',
      email: alice.email,
    });
    expect((await currentUser(server, bob.token)).body).toEqual(bobBefore);
    // Nor can Alice take Bob's address.
    const taken = await update(alice.token, { email: bob.email, currentPassword: alice.password });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe(ErrorMessages.emailTaken);
    expect((await login(server, bob.email, bob.password)).status).toBe(200);
  });

  it('validates every field and needs a token', async () => {
    const account = await signUp(server);
    const response = await update(account.token, {
      firstName: '',
      email: 'not-an-address',
      signupSource: 42,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors ?? {}).sort()).toEqual([
      'email',
      'firstName',
      'signupSource',
    ]);
    expect(response.body.fieldErrors?.['email']).toBe('Enter a valid e-mail address.');
    expect((await update('', { firstName: 'Nobody' })).status).toBe(401);
  });
});

describe('changing the e-mail address', () => {
  it('needs the current password; a wrong one is refused and counts as a failed login', async () => {
    const account = await signUp(server);
    const ip = uniqueIp();
    const next = uniqueEmail('next');

    const missing = await update(account.token, { email: next }, ip);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Enter your current password to change your e-mail address.',
      fieldErrors: {
        currentPassword: 'Enter your current password to change your e-mail address.',
      },
    });

    const wrong = await update(account.token, { email: next, currentPassword: 'not-it-12' }, ip);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({
      currentPassword: 'Your current password is not right.',
    });
    expect((await currentUser(server, account.token)).body.email).toBe(account.email);
    expect(await mailsTo(server, next)).toEqual([]);

    // Three wrong passwords in all (the limit of this server): the address is refused at login.
    await update(account.token, { email: next, currentPassword: 'not-it-13' }, ip);
    await update(account.token, { email: next, currentPassword: 'not-it-14' }, ip);
    const locked = await login(server, account.email, account.password, ip);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/failed login attempts for this account/);
  });

  it('with the right password: changes it, asks the new address to verify, and tells the old one', async () => {
    const account = await signUp(server);
    const next = uniqueEmail('next');
    const changed = await update(account.token, { email: next, currentPassword: account.password });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: next, emailVerified: false });

    const [verification] = await waitForMails(server, next);
    expect(verification.subject).toMatch(/Verify your e-mail address/);
    const notice = mailWithSubject(
      await mailsTo(server, account.email),
      /Your Mason e-mail address was changed/,
    );
    expect(notice.text).toContain(`changed from ${account.email} to ${next}`);
    expect(notice.text).toContain('If you did not, ');
    expect(notice.text).toContain('Write to help@mason.test from this address');
    expect((await login(server, next, account.password)).status).toBe(200);
  });

  it('of an account without a password: needs a Google sign-in less than 5 minutes old', async () => {
    const fresh = await googleAccount();
    const next = uniqueEmail('next');
    const changed = await update(fresh.token, { email: next });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: next, hasPassword: false });
    expect(
      mailWithSubject(await mailsTo(server, fresh.email), /e-mail address was changed/).text,
    ).toContain(`to ${next}`);

    const stale = await googleAccount();
    await ageSession(stale.token, 6);
    const refused = await update(stale.token, { email: uniqueEmail('later') });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      currentPassword:
        'Your account has no password: sign in with Google again, then change your e-mail address within 5 minutes.',
    });
    // A password cannot stand in for it.
    const guessed = await update(stale.token, {
      email: uniqueEmail('later'),
      currentPassword: 'whatever-1',
    });
    expect(guessed.status).toBe(400);
    expect((await currentUser(server, stale.token)).body.email).toBe(stale.email);
  });

  it('is limited per account, counting every attempt, "Email is taken." answers included', async () => {
    const account = await signUp(server);
    const other = await signUp(server);
    const attempts = [
      { email: other.email, currentPassword: account.password },
      { email: uniqueEmail('probe'), currentPassword: 'wrong-one-1' },
      { email: other.email, currentPassword: account.password },
      { email: uniqueEmail('first'), currentPassword: account.password },
    ];
    const statuses = [];
    for (const body of attempts) statuses.push((await update(account.token, body)).status);
    expect(statuses).toEqual([400, 400, 400, 200]);

    // The limit (4 per hour here) is checked before the address: no mail, and no taken answer.
    for (const email of [uniqueEmail('fifth'), other.email]) {
      const limited = await update(account.token, { email, currentPassword: account.password });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: 'Too many attempts to change your e-mail address. Please try again in 60 minutes.',
        retryAfterSeconds: expect.any(Number),
      });
      expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfterSeconds));
      if (email !== other.email) expect(await mailsTo(server, email)).toEqual([]);
    }
    // Other changes still work.
    expect((await update(account.token, { firstName: 'Still' })).status).toBe(200);
  });
});
