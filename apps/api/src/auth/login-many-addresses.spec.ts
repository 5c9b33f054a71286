import type { ApiErrorBody, OkResponse } from '@mason/contract';
import {
  currentUser,
  linkToken,
  login,
  mailWithSubject,
  signUp,
  waitForMails,
} from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

// Guessing a password from ever new addresses (TRUST_PROXY=true, X-Forwarded-For set by the
// guesser), with the default limits: 10 failures per account from one address, 20 per account
// and hour from anywhere, 50 per address; an IPv6 /64 counts as one address.

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const GUESSES = 200;
const hex = (n: number) => n.toString(16);

/** 200 wrong passwords from the addresses, one each: how many were checked, how many refused. */
async function guess(email: string, addresses: string[]) {
  const answers = { checked: 0, refused: 0, other: [] as number[] };
  let lastRefusal: { status: number; headers: Headers; body: ApiErrorBody } | undefined;
  for (const [index, address] of addresses.entries()) {
    const answer = await login(server, email, `wrong-password-${index}`, address);
    if (answer.status === 403) answers.checked += 1;
    else if (answer.status === 429) {
      answers.refused += 1;
      lastRefusal = answer;
    } else answers.other.push(answer.status);
  }
  return { ...answers, lastRefusal };
}

const expectRetryAfter = (refusal: { headers: Headers; body: ApiErrorBody } | undefined) => {
  expect(refusal?.body.retryAfterSeconds).toBeGreaterThan(0);
  expect(refusal?.headers.get('retry-after')).toBe(String(refusal?.body.retryAfterSeconds));
};

describe('password guessing from many addresses', () => {
  it(`stops ${GUESSES} guesses from ${GUESSES} addresses of one IPv6 /64 after 10, as from one address`, async () => {
    const account = await signUp(server);
    const addresses = Array.from(
      { length: GUESSES },
      (_, index) => `2001:db8:51:1:${hex(index + 1)}::${hex(index * 7 + 3)}`,
    );
    const { checked, refused, other, lastRefusal } = await guess(account.email, addresses);
    expect({ checked, refused, other }).toEqual({ checked: 10, refused: GUESSES - 10, other: [] });
    expect(lastRefusal?.body.message).toMatch(/^Too many failed login attempts for this account\./);
    expectRetryAfter(lastRefusal);
    // The right password from another address of the block is refused too: guessing cannot win.
    expect(
      (await login(server, account.email, account.password, '2001:db8:51:1::abcd')).status,
    ).toBe(429);
    // The owner, elsewhere, gets in.
    const owner = await login(server, account.email, account.password, '2001:db8:99:1::1');
    expect(owner.status).toBe(200);
  });

  it(`slows ${GUESSES} guesses from ${GUESSES} different /64s to 20 an hour, and the owner still gets in`, async () => {
    const account = await signUp(server);
    // The owner logged in before, from home.
    const home = '2001:db8:77:1::10';
    expect((await login(server, account.email, account.password, home)).status).toBe(200);

    const addresses = Array.from(
      { length: GUESSES },
      (_, index) => `2001:db8:${hex(0x100 + index)}:9::1`,
    );
    const { checked, refused, other, lastRefusal } = await guess(account.email, addresses);
    expect({ checked, refused, other }).toEqual({ checked: 20, refused: GUESSES - 20, other: [] });
    expect(lastRefusal?.body.message).toMatch(
      /^Too many failed login attempts for this account from many networks\. To get in at once, reset your password\. Please try again in 60 minutes\.$/,
    );
    expectRetryAfter(lastRefusal);
    // A new address with the right password waits too: a guesser cannot tell a right guess.
    const fresh = await login(server, account.email, account.password, '2001:db8:fff:1::1');
    expect(fresh.status).toBe(429);

    // The owner, from home (another address of its /64), gets in with the right password.
    const owner = await login(server, account.email, account.password, '2001:db8:77:1::99');
    expect(owner.status).toBe(200);
    expect((await currentUser(server, owner.body.token)).body.email).toBe(account.email);

    // From a new network, the owner resets the password: the e-mailed link makes them whole.
    const travelling = '203.0.113.50';
    expect(
      (
        await server.request('POST', '/api/auth/password-reset', {
          body: { email: account.email },
          ip: travelling,
        })
      ).status,
    ).toBe(204);
    // The verification mail of the sign-up, then the reset mail.
    const mail = mailWithSubject(await waitForMails(server, account.email, 2), /password/i);
    const reset = await server.request<OkResponse & ApiErrorBody>(
      'POST',
      '/api/auth/password-reset/confirm',
      {
        body: { token: linkToken(mail, 'password-reset'), password: 'a-new-password-42' },
        ip: travelling,
      },
    );
    expect(reset.status).toBe(200);
    expect((await login(server, account.email, 'a-new-password-42', travelling)).status).toBe(200);
  });

  it('keeps counting IPv4 addresses one by one, and an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const account = await signUp(server);
    for (let attempt = 0; attempt < 10; attempt++)
      expect((await login(server, account.email, 'wrong-password', '198.51.100.7')).status).toBe(
        403,
      );
    expect(
      (await login(server, account.email, account.password, '::ffff:198.51.100.7')).status,
    ).toBe(429);
    expect((await login(server, account.email, account.password, '198.51.100.8')).status).toBe(200);
  });

  it('counts sign-ups from one IPv6 /64 as from one address (10 an hour), another /64 apart', async () => {
    for (let index = 0; index < 10; index++)
      await signUp(server, {}, `2001:db8:5160:1:${hex(index + 1)}::1`);
    const refused = await server.request<ApiErrorBody>('POST', '/api/users', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: `ada-${Date.now()}@example.test`,
        password: 'a-long-password-1',
      },
      ip: '2001:db8:5160:1:ff::1',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many sign-ups from your network\./);
    await signUp(server, {}, '2001:db8:5160:2::1');
  });
});
