import { type ApiErrorBody, ErrorMessages } from '@mason/contract';
import { createDatabase } from '@mason/server-db';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '@mason/server-db/testing';
import { currentUser, login, mailsTo, signUp } from './test-utils/accounts';
import { startServer, testConfig } from './test-utils/test-app';

let target: TestDatabaseTarget;
beforeAll(async () => {
  target = await createTestDatabaseTarget();
});
afterAll(() => target.dispose());

describe('the server over time', () => {
  it('keeps users and sessions across a restart on the same database', async () => {
    const config = testConfig({ database: target.options });
    const first = await startServer(config);
    const account = await signUp(first);
    await first.close();

    const second = await startServer(config);
    try {
      const me = await currentUser(second, account.token);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(account.email);
      expect((await login(second, account.email, account.password)).status).toBe(200);
      expect(await mailsTo(second, account.email)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('answers 500 "Unknown server error" without details when the database fails', async () => {
    const database = await createDatabase(target.options);
    const server = await startServer(testConfig(), { database });
    try {
      const account = await signUp(server);
      await database.close();
      const response = await server.request<ApiErrorBody>('GET', '/api/users/current', {
        token: account.token,
      });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: ErrorMessages.unknownServer,
      });
    } finally {
      await server.close();
    }
  });

  it('does not serve the outbox unless EXPOSE_OUTBOX is on', async () => {
    const server = await startServer(testConfig({ database: target.options, exposeOutbox: false }));
    try {
      const response = await server.request<ApiErrorBody>(
        'GET',
        '/api/dev/outbox?to=someone@example.com',
      );
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
