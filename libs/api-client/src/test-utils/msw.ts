import { setupServer } from 'msw/node';
import { createApiHandlers } from '../testing/default-responders';

/** One MSW server per spec file, with every endpoint's default handler; unhandled requests fail the test. */
export function setupApiServer() {
  const server = setupServer(...createApiHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
