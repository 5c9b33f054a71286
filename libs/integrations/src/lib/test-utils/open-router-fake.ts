import { HttpResponse } from 'msw';
import type { OpenRouterConnection } from '@mason/contract';
import { apiErrorBody, FIXTURE_NOW, mockEndpoint } from '@mason/api-client/testing';

export interface OpenRouterFakeOptions {
  /** The person's connection to start with (null: none). */
  connection?: OpenRouterConnection | null;
}

/** The server's words for a state it does not know, or one already used. */
export const OPEN_ROUTER_BAD_STATE_MESSAGE =
  'This OpenRouter sign-in link has expired or was already used. Connect OpenRouter again from Integrations.';

/**
 * The person's OpenRouter account on a fake server, for specs and stories: GET /open-router
 * answers the connection, the authorize URL hands out one-time states (in its callback_url, as
 * OpenRouter's PKCE flow carries them), POST /open-router/access-code connects with one of them
 * (a 400 with the server's message otherwise), POST /open-router/disconnect forgets the key.
 */
export function openRouterFake({ connection = null }: OpenRouterFakeOptions = {}) {
  const state = {
    connection,
    states: new Set<string>(),
    exchanges: [] as { state: string; code: string }[],
    disconnects: 0,
  };
  let issued = 0;
  const handlers = [
    mockEndpoint('getOpenRouterIntegration', () => ({ connection: state.connection })),
    mockEndpoint('getOpenRouterAuthorizeUrl', () => {
      issued += 1;
      const value = `or-state-${issued}`;
      state.states.add(value);
      const callback = `http://localhost/open-router/callback?state=${value}`;
      return {
        url: `https://openrouter.ai/auth?callback_url=${encodeURIComponent(callback)}&code_challenge=challenge-${issued}&code_challenge_method=S256`,
      };
    }),
    mockEndpoint('connectOpenRouter', ({ body }) => {
      const request = body as { state: string; code: string };
      state.exchanges.push(request);
      if (!state.states.delete(request.state))
        return HttpResponse.json(apiErrorBody(400, { message: OPEN_ROUTER_BAD_STATE_MESSAGE }), {
          status: 400,
        });
      state.connection = { connectedAt: FIXTURE_NOW };
      return { connection: state.connection };
    }),
    mockEndpoint('disconnectOpenRouter', () => {
      state.disconnects += 1;
      state.connection = null;
      return { ok: true as const };
    }),
  ];
  return {
    state,
    handlers,
    /** A state the fake handed out, as if the person had pressed Connect OpenRouter. */
    issueState(value = 'issued-state') {
      state.states.add(value);
      return value;
    },
  };
}
