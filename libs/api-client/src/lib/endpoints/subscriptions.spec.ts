import { setupApiServer } from '../../test-utils/msw';
import {
  anActiveSubscriptionResponse,
  aSubscription,
  errorHandler,
  makeApiTestStore,
  mockEndpoint,
} from '../../testing';
import { isApiError } from '../api-error';
import { api } from '../mason-api';
import { SUBSCRIPTION_UPDATE_FAILED } from './subscriptions';

const server = setupApiServer();

describe('updateSubscription (SPEC.md 8)', () => {
  let logged: jest.SpyInstance;
  beforeEach(() => {
    logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => logged.mockRestore());

  it('logs a failed update as an error and rethrows it to the caller', async () => {
    server.use(errorHandler('updateSubscription', 500));
    const { store } = makeApiTestStore({ token: 'token', pathname: '/dashboard/billing' });

    const failure = await store
      .dispatch(api.endpoints.updateSubscription.initiate({ type: 'LITE' }))
      .unwrap()
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(isApiError(failure)).toBe(true);
    expect(failure).toMatchObject({ status: 500, message: 'Unknown server error' });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(SUBSCRIPTION_UPDATE_FAILED, failure);
  });

  it('logs nothing when the update goes through', async () => {
    server.use(
      mockEndpoint(
        'updateSubscription',
        anActiveSubscriptionResponse(aSubscription({ type: 'LITE_MONTHLY' })),
      ),
    );
    const { store } = makeApiTestStore({ token: 'token', pathname: '/dashboard/billing' });
    const answer = await store
      .dispatch(api.endpoints.updateSubscription.initiate({ type: 'LITE' }))
      .unwrap();
    expect(answer.subscription?.type).toBe('LITE_MONTHLY');
    expect(logged).not.toHaveBeenCalled();
  });
});
