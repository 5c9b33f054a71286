import { setupServer } from 'msw/node';
import { createApiHandlers } from '@mason/api-client/testing';

/**
 * One MSW server per spec file, answering every endpoint with api-client's default handlers
 * (built from the contract). Unhandled requests fail the test. Override per test with
 * `server.use(errorHandler(...))`.
 */
export function setupApiServer() {
  const server = setupServer(...createApiHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
