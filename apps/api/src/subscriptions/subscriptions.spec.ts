import type { ActiveSubscriptionResponse } from '@mason/contract';
import { subscriptions } from '@mason/server-db';
import { currentUser, signUp } from '../test-utils/accounts';
import { startTestApp, type TestApp } from '../test-utils/test-app';

let server: TestApp;
beforeAll(async () => {
  server = await startTestApp();
});
afterAll(() => server.close());

const active = (token?: string) =>
  server.request<ActiveSubscriptionResponse>('GET', '/api/subscriptions/active', { token });

describe('GET /api/subscriptions/active', () => {
  it('answers { subscription: null } for a free user', async () => {
    const account = await signUp(server);
    const response = await active(account.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ subscription: null });
  });

  it("answers the user's own active subscription, never another's, and ignores canceled ones", async () => {
    const payer = await signUp(server);
    const free = await signUp(server);
    const payerId = (await currentUser(server, payer.token)).body.id;
    await server.database.db.insert(subscriptions).values([
      {
        userId: payerId,
        type: 'LITE_MONTHLY',
        status: 'canceled',
        createdAt: new Date('2025-01-01T00:00:00Z'),
      },
      {
        userId: payerId,
        type: 'PRO_MONTHLY',
        status: 'active',
        currentPeriodEnd: new Date('2025-10-31T00:00:00Z'),
        createdAt: new Date('2025-02-01T00:00:00Z'),
      },
    ]);
    expect((await active(payer.token)).body).toEqual({
      subscription: {
        type: 'PRO_MONTHLY',
        status: 'active',
        currentPeriodEnd: '2025-10-31T00:00:00.000Z',
        cancelAtPeriodEnd: false,
      },
    });
    expect((await active(free.token)).body).toEqual({ subscription: null });
  });

  it('needs a token', async () => {
    expect((await active()).status).toBe(401);
  });
});
