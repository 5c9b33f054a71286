import { HttpResponse } from 'msw';
import type { GithubCallbackFlow, GithubIntegration } from '@mason/contract';
import { aGithubIntegration, apiErrorBody, mockEndpoint } from '@mason/api-client/testing';

export interface GithubFakeOptions {
  configured?: boolean;
  integration?: GithubIntegration | null;
}

/** The server's words for a state it does not know (libs/server-code-hosting). */
export const BAD_STATE_MESSAGE =
  'This GitHub sign-in link has expired or was already used. Start connecting GitHub again.';

/**
 * A GitHub connection on a fake server, for specs and stories: GET /github answers the state,
 * the authorize URL hands out one-time states, POST /github/access-code connects with one of them
 * (a 400 with the server's message otherwise), POST /github/disconnect forgets the account.
 */
export function githubFake({ configured = true, integration = null }: GithubFakeOptions = {}) {
  const state = {
    configured,
    integration,
    flows: [] as GithubCallbackFlow[],
    states: new Set<string>(),
    exchanges: [] as { state: string; code: string }[],
    disconnects: 0,
  };
  const handlers = [
    mockEndpoint('getGithubIntegration', () => ({
      integration: state.integration,
      configured: state.configured,
    })),
    mockEndpoint('getGithubAuthorizeUrl', ({ query }) => {
      if (!state.configured)
        return HttpResponse.json(
          apiErrorBody(409, {
            message:
              'GitHub is not set up on this Mason server. Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (a GitHub OAuth App’s) and start Mason again.',
          }),
          { status: 409 },
        );
      const flow = (query as { flow?: GithubCallbackFlow }).flow ?? 'DEFAULT';
      state.flows.push(flow);
      const issued = `state-${state.flows.length}`;
      state.states.add(issued);
      return {
        url: `https://github.com/login/oauth/authorize?client_id=test&state=${issued}`,
        state: issued,
      };
    }),
    mockEndpoint('connectGithub', ({ body }) => {
      const request = body as { state: string; code: string };
      state.exchanges.push(request);
      if (!state.states.delete(request.state))
        return HttpResponse.json(apiErrorBody(400, { message: BAD_STATE_MESSAGE }), {
          status: 400,
        });
      state.integration = aGithubIntegration({ accountLogin: 'octo-person' });
      return { integration: state.integration, configured: state.configured };
    }),
    mockEndpoint('disconnectGithub', () => {
      state.disconnects += 1;
      state.integration = null;
      return { ok: true as const };
    }),
  ];
  return {
    state,
    handlers,
    /** A state the fake handed out, as if the person had asked for the authorize URL. */
    issueState(value = 'issued-state') {
      state.states.add(value);
      return value;
    },
  };
}
