import {
  type ApiErrorBody,
  type AuthTokenResponse,
  type ClientConfig,
  ErrorMessages,
  type OkResponse,
} from '@mason/contract';
import { users, waitlist } from '@mason/server-db';
import { currentUser, login, PASSWORD, uniqueEmail } from '../test-utils/accounts';
import { type FakeGoogle, startFakeGoogle } from '../test-utils/google-jwks';
import { startTestApp, type TestApp } from '../test-utils/test-app';
import { hashPassword } from '@mason/server-auth';

let google: FakeGoogle;
let server: TestApp;
beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestApp({
    signupsOpen: false,
    googleClientId: google.clientId,
    googleJwksUrl: google.jwksUrl,
  });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

describe('while sign-ups are closed', () => {
  it('says so in the client config', async () => {
    const config = await server.request<ClientConfig>('GET', '/api/config');
    expect(config.body).toMatchObject({ signupsOpen: false, googleClientId: google.clientId });
  });

  it('refuses a sign-up and a new Google user with 403, but existing users still log in', async () => {
    const email = uniqueEmail('late');
    const signup = await server.request<ApiErrorBody>('POST', '/api/users', {
      body: { firstName: 'Late', lastName: 'Comer', email, password: PASSWORD },
    });
    expect(signup.status).toBe(403);
    expect(signup.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: ErrorMessages.googleSignupsClosed,
    });

    const newGoogleUser = await server.request<ApiErrorBody>('POST', '/api/auth/authorize/google', {
      body: { token: await google.idToken({ sub: 'closed-new', email }) },
    });
    expect(newGoogleUser.status).toBe(403);
    expect(newGoogleUser.body.message).toBe(ErrorMessages.googleSignupsClosed);

    // An account made before sign-ups closed.
    const existing = uniqueEmail('early');
    await server.database.db.insert(users).values({
      email: existing,
      firstName: 'Early',
      lastName: 'Bird',
      passwordHash: await hashPassword(PASSWORD),
    });
    expect((await login(server, existing, PASSWORD)).status).toBe(200);
    const viaGoogle = await server.request<AuthTokenResponse>(
      'POST',
      '/api/auth/authorize/google',
      {
        body: { token: await google.idToken({ sub: 'closed-existing', email: existing }) },
      },
    );
    expect(viaGoogle.status).toBe(200);
    expect((await currentUser(server, viaGoogle.body.token)).body.email).toBe(existing);
  });

  it('collects waitlist e-mails, idempotently', async () => {
    const email = uniqueEmail('waiting');
    for (const variant of [email, email.toUpperCase()]) {
      const response = await server.request<OkResponse>('POST', '/api/waitlist', {
        body: { email: variant },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true, message: expect.stringMatching(/waitlist/) });
    }
    const rows = await server.database.db.select().from(waitlist);
    expect(rows.filter((row) => row.email === email)).toHaveLength(1);
  });
});
