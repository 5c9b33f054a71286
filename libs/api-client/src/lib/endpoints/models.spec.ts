import { api } from '../mason-api';
import {
  aModelsResponse,
  makeApiTestStore,
  mockEndpoint,
  NO_MODEL_SETUP_HINT,
} from '../../testing';
import { setupApiServer } from '../../test-utils/msw';

const server = setupApiServer();

describe('getModels', () => {
  it('lists the seven models, each runnable by default', async () => {
    const { store } = makeApiTestStore({ token: 'token' });
    const answer = await store.dispatch(api.endpoints.getModels.initiate()).unwrap();
    expect(answer.models.map(({ label }) => label)).toEqual([
      'Claude Sonnet 4.5',
      'Claude Sonnet 4',
      'Claude 3.7 Sonnet',
      'GPT-4.1',
      'GPT-5',
      'Gemini 2.5 Pro',
      'Gemini 2.5 Flash',
    ]);
    expect(answer.models.every(({ available }) => available)).toBe(true);
    expect(answer.setupHint).toBeNull();
  });

  it('carries the setup hint when the server has no provider', async () => {
    server.use(mockEndpoint('getModels', aModelsResponse({ available: [] })));
    const { store } = makeApiTestStore({ token: 'token' });
    const answer = await store.dispatch(api.endpoints.getModels.initiate()).unwrap();
    expect(answer.models.some(({ available }) => available)).toBe(false);
    expect(answer.setupHint).toBe(NO_MODEL_SETUP_HINT);
    expect(answer.setupHint).toMatch(
      /^No AI model is configured on this server\. Set ANTHROPIC_API_KEY/,
    );
  });
});
