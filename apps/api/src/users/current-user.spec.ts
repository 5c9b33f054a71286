import { type ApiErrorBody, ErrorMessages, type User } from '@mason/contract';
import { currentUser, login, signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const update = (token: string, body: unknown) =>
  server.request<User & ApiErrorBody>('PUT', '/api/users/current', { token, body });

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
    const response = await update(mine.token, { email: theirs.email.toUpperCase() });
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
    expect((await update(alice.token, { email: bob.email })).status).toBe(400);
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
