import { type ApiErrorBody, ErrorMessages, type OkResponse } from '@mason/contract';
import {
  currentUser,
  linkToken,
  login,
  mailWithSubject,
  signUp,
  uniqueEmail,
  waitForMails,
} from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp({
    rateLimits: {
      passwordResetsPerEmail: { max: 3, windowSeconds: 3600 },
      passwordResetsPerIp: { max: 6, windowSeconds: 3600 },
    },
  });
});
afterAll(() => server.close());

const requestReset = (email: string, ip = '10.1.0.1') =>
  server.request('POST', '/api/auth/password-reset', { body: { email }, ip });
const confirm = (token: string, password: string) =>
  server.request<OkResponse & ApiErrorBody>('POST', '/api/auth/password-reset/confirm', {
    body: { token, password },
  });

describe('password reset', () => {
  it('answers the same for a known and an unknown address', async () => {
    const account = await signUp(server);
    const known = await requestReset(account.email);
    const unknown = await requestReset(uniqueEmail('stranger'));
    expect(known.status).toBe(204);
    expect(unknown.status).toBe(204);
    expect(known.body).toBeUndefined();
    expect(unknown.body).toBeUndefined();
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
  });

  it('e-mails a one-hour link that sets a new password, once, and ends every session', async () => {
    const account = await signUp(server);
    const otherSession = (await login(server, account.email, account.password)).body.token;
    expect((await requestReset(account.email.toUpperCase())).status).toBe(204);

    const mails = await waitForMails(server, account.email, 2); // the verification mail, then the reset mail
    const resetMail = mailWithSubject(mails, /reset/i);
    expect(resetMail.text).toContain('http://mason.test/password-reset/');
    expect(resetMail.text).toMatch(/one hour/);
    const token = linkToken(resetMail, 'password-reset');

    const done = await confirm(token, 'brand-new-pass-7');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ ok: true, message: expect.any(String) });

    expect((await login(server, account.email, account.password)).status).toBe(403);
    expect((await login(server, account.email, 'brand-new-pass-7')).status).toBe(200);
    expect((await currentUser(server, account.token)).status).toBe(401);
    expect((await currentUser(server, otherSession)).status).toBe(401);

    const again = await confirm(token, 'another-pass-8');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ statusCode: 400, message: ErrorMessages.tokenUsed });
    expect((await login(server, account.email, 'brand-new-pass-7')).status).toBe(200);
  });

  it('refuses an unknown token and a too-weak new password with clear 400s', async () => {
    const unknown = await confirm('a'.repeat(43), 'brand-new-pass-7');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not valid/);
    const weak = await confirm('a'.repeat(43), 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors).toEqual({
      password: expect.stringMatching(/at least 8 characters/),
    });
  });

  it('limits requests per address (429), whether or not the address has an account', async () => {
    for (const email of [(await signUp(server)).email, uniqueEmail('ghost')]) {
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await requestReset(email, `10.1.1.${attempt}`)).status).toBe(204);
      }
      const limited = await requestReset(email, '10.1.1.9');
      expect(limited.status).toBe(429);
      expect((limited.body as ApiErrorBody).message).toMatch(
        /password reset requests for this e-mail address/,
      );
    }
  });

  it('limits requests per IP address (429) across addresses', async () => {
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await requestReset(uniqueEmail('many'), '10.1.2.1')).status).toBe(204);
    }
    const limited = await requestReset(uniqueEmail('many'), '10.1.2.1');
    expect(limited.status).toBe(429);
    expect((limited.body as ApiErrorBody).message).toMatch(
      /password reset requests from your network/,
    );
    expect((await requestReset(uniqueEmail('many'), '10.1.2.2')).status).toBe(204);
  });
});
