import { type ApiErrorBody, ErrorMessages } from '@mason/contract';
import { currentUser, login, PASSWORD, signUp, uniqueEmail } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  // Lowered limits: 3 failures per account, 5 per IP address, in 15 minutes.
  server = await startTestApp({
    rateLimits: {
      loginFailuresPerAccount: { max: 3, windowSeconds: 900 },
      loginFailuresPerIp: { max: 5, windowSeconds: 900 },
      signupsPerIp: { max: 3, windowSeconds: 3600 },
    },
  });
});
afterAll(() => server.close());

const expectTooMany = (
  response: { status: number; headers: Headers; body: unknown },
  pattern: RegExp,
) => {
  expect(response.status).toBe(429);
  const body = response.body as ApiErrorBody;
  expect(body).toEqual({
    statusCode: 429,
    error: 'Too Many Requests',
    message: expect.stringMatching(pattern),
    retryAfterSeconds: expect.any(Number),
  });
  expect(body.retryAfterSeconds).toBeGreaterThan(800);
  expect(body.retryAfterSeconds).toBeLessThanOrEqual(900);
  expect(response.headers.get('retry-after')).toBe(String(body.retryAfterSeconds));
  expect(body.message).toMatch(/try again in 1[45] minutes/);
};

describe('login rate limits', () => {
  it('the attacker: after 3 failures on an account, their addresses are refused on it, even with the right password', async () => {
    const account = await signUp(server);
    const attacker = '10.0.1.1';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(server, account.email, 'wrong-password-1', attacker)).status).toBe(403);
    }
    expectTooMany(
      await login(server, account.email, 'wrong-password-2', attacker),
      /failed login attempts for this account/,
    );
    expectTooMany(
      await login(server, account.email, account.password, attacker),
      /failed login attempts for this account/,
    );
    // Guessing from many addresses: each address that failed on the account is refused on it.
    for (const ip of ['10.0.1.2', '10.0.1.3']) {
      expect((await login(server, account.email, 'wrong-password-3', ip)).status).toBe(403);
      expectTooMany(
        await login(server, account.email, 'wrong-password-4', ip),
        /failed login attempts for this account/,
      );
    }
    // Other accounts from the same addresses are not affected.
    const other = await signUp(server);
    expect((await login(server, other.email, other.password, '10.0.1.2')).status).toBe(200);
  });

  it('the owner: from an address with no failures, the right password gets in while the account is under attack', async () => {
    const account = await signUp(server);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(server, account.email, 'wrong-password-1', '10.0.5.1')).status).toBe(403);
    }
    expectTooMany(
      await login(server, account.email, account.password, '10.0.5.1'),
      /failed login attempts for this account/,
    );

    const owner = await login(server, account.email, account.password, '10.0.5.2');
    expect(owner.status).toBe(200);
    expect((await currentUser(server, owner.body.token)).body.email).toBe(account.email);
    // The owner's login does not hand the attacker a fresh allowance.
    expectTooMany(
      await login(server, account.email, 'wrong-password-2', '10.0.5.1'),
      /failed login attempts for this account/,
    );
    // A wrong password is still one failure for the owner's address, and then it is refused too.
    expect((await login(server, account.email, 'wrong-password-3', '10.0.5.3')).status).toBe(403);
    expectTooMany(
      await login(server, account.email, account.password, '10.0.5.3'),
      /failed login attempts for this account/,
    );
  });

  it('a successful login clears the failures made from its address', async () => {
    const account = await signUp(server);
    for (let round = 0; round < 2; round++) {
      expect((await login(server, account.email, 'wrong-password-1', '10.0.2.1')).status).toBe(403);
      expect((await login(server, account.email, 'wrong-password-2', '10.0.2.1')).status).toBe(403);
      expect((await login(server, account.email, account.password, '10.0.2.1')).status).toBe(200);
    }
  });

  it('the attacker’s address is blocked across accounts after 5 failures in all', async () => {
    const first = await signUp(server);
    const second = await signUp(server);
    const third = await signUp(server);
    const attacker = '10.0.6.1';
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await login(server, first.email, 'wrong-password-1', attacker)).status).toBe(403);
    }
    for (let attempt = 0; attempt < 2; attempt++) {
      expect((await login(server, second.email, 'wrong-password-1', attacker)).status).toBe(403);
    }
    expectTooMany(
      await login(server, third.email, third.password, attacker),
      /failed login attempts from your network/,
    );
    // Each owner still gets in from elsewhere.
    for (const account of [first, second, third]) {
      expect((await login(server, account.email, account.password, '10.0.6.2')).status).toBe(200);
    }
  });

  it('blocks an address after 5 failures on any accounts (unknown ones included)', async () => {
    const account = await signUp(server);
    const ip = '10.0.3.1';
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await login(server, uniqueEmail('guess'), 'some-password-1', ip);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(ErrorMessages.invalidCredentials);
    }
    expectTooMany(
      await login(server, account.email, account.password, ip),
      /failed login attempts from your network/,
    );
    // The account itself is fine from elsewhere.
    expect((await login(server, account.email, account.password, '10.0.3.2')).status).toBe(200);
  });
});

describe('sign-up rate limit', () => {
  it('allows 3 sign-up attempts per address and hour, then answers 429', async () => {
    const ip = '10.0.4.1';
    const taken = await signUp(server, {}, ip);
    // A refused attempt counts too (it still probes which addresses exist).
    const refused = await server.request('POST', '/api/users', {
      body: { firstName: 'Ada', lastName: 'Lovelace', email: taken.email, password: PASSWORD },
      ip,
    });
    expect(refused.status).toBe(400);
    await signUp(server, {}, ip);
    const limited = await server.request<ApiErrorBody>('POST', '/api/users', {
      body: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: uniqueEmail('fourth'),
        password: PASSWORD,
      },
      ip,
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(
      /Too many sign-ups from your network\. Please try again in 60 minutes\./,
    );
    expect(limited.headers.get('retry-after')).toBe(String(limited.body.retryAfterSeconds));
    // Another address is not affected.
    await signUp(server, {}, '10.0.4.2');
  });
});

describe('with the default limits (10 failures per account, 50 per address)', () => {
  let defaults: TestApp;
  beforeAll(async () => {
    defaults = await startTestApp();
  });
  afterAll(() => defaults.close());

  it('blocks the attacker after 10 failures on the account, and lets the owner in from elsewhere', async () => {
    const account = await signUp(defaults);
    const attacker = '10.0.7.1';
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(
        (await login(defaults, account.email, `wrong-password-${attempt}`, attacker)).status,
      ).toBe(403);
    }
    expectTooMany(
      await login(defaults, account.email, account.password, attacker),
      /failed login attempts for this account/,
    );
    expect((await login(defaults, account.email, account.password, '10.0.7.2')).status).toBe(200);
  });
});
