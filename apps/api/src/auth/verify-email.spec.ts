import { type ApiErrorBody, ErrorMessages, type OkResponse, type User } from '@mason/contract';
import {
  currentUser,
  linkToken,
  mailsTo,
  mailWithSubject,
  signUp,
  uniqueEmail,
  waitForMails,
} from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({
    rateLimits: { verificationMailsPerAccount: { max: 2, windowSeconds: 3600 } },
  });
});
afterAll(() => server.close());

const verify = (token: string) =>
  server.request<OkResponse & ApiErrorBody>('POST', '/api/auth/verify-email', { body: { token } });
const resend = (token?: string) =>
  server.request<OkResponse & ApiErrorBody>('POST', '/api/auth/verify-email/resend', { token });

describe('e-mail verification', () => {
  it('verifies the address with the link from the sign-up e-mail, once', async () => {
    const account = await signUp(server);
    const [mail] = await mailsTo(server, account.email);
    const token = linkToken(mail, 'verify-email');

    // No login needed: the link may be opened on another device.
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true, message: 'Your e-mail address is verified.' });
    expect((await currentUser(server, account.token)).body.emailVerified).toBe(true);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: ErrorMessages.tokenUsed,
      fieldErrors: { token: ErrorMessages.tokenUsed },
    });
  });

  it('refuses an unknown token and a reset token with 400', async () => {
    const unknown = await verify('b'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/verification link is not valid/);

    const account = await signUp(server);
    expect(
      (await server.request('POST', '/api/auth/password-reset', { body: { email: account.email } }))
        .status,
    ).toBe(204);
    const resetMail = mailWithSubject(await waitForMails(server, account.email, 2), /reset/i);
    const wrongKind = await verify(linkToken(resetMail, 'password-reset'));
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/verification link is not valid/);
    expect((await currentUser(server, account.token)).body.emailVerified).toBe(false);
  });

  it('re-sends a link to a logged-in, unverified user, within a limit', async () => {
    expect((await resend()).status).toBe(401);
    const account = await signUp(server);
    const sent = await resend(account.token);
    expect(sent.status).toBe(200);
    expect(sent.body.message).toContain(account.email);
    const mails = await waitForMails(server, account.email, 2);
    expect(mails).toHaveLength(2);
    // Both links work until one is used.
    expect((await verify(linkToken(mails[0], 'verify-email'))).status).toBe(200);
    expect((await resend(account.token)).body.message).toMatch(/already verified/);

    const other = await signUp(server);
    expect((await resend(other.token)).status).toBe(200);
    expect((await resend(other.token)).status).toBe(200);
    const limited = await resend(other.token);
    expect(limited.status).toBe(429);
    expect(limited.body.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('un-verifies a changed address, mails the new one, and refuses the old address’s link', async () => {
    const account = await signUp(server);
    const oldLink = linkToken((await mailsTo(server, account.email))[0], 'verify-email');
    const newEmail = uniqueEmail('moved');
    const changed = await server.request<User>('PUT', '/api/users/current', {
      token: account.token,
      body: { email: newEmail, currentPassword: account.password },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ email: newEmail, emailVerified: false });

    const stale = await verify(oldLink);
    expect(stale.status).toBe(400);
    expect(stale.body.message).toMatch(/no longer on your account/);

    const [newMail] = await mailsTo(server, newEmail);
    expect((await verify(linkToken(newMail, 'verify-email'))).status).toBe(200);
    expect((await currentUser(server, account.token)).body).toMatchObject({
      email: newEmail,
      emailVerified: true,
    });
  });
});
