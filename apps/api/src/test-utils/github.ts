import type { GithubAuthorizeUrlResponse } from '@mason/contract';
import type { TestServer } from './test-app';

/**
 * Connects GitHub for the person holding `token`, as a browser would: the authorize URL, the
 * stand-in's authorize page (which approves at once and redirects with a code), and the code
 * exchanged through POST /github/access-code. Throws when the server does not connect.
 */
export async function connectGithub(server: TestServer, token: string): Promise<void> {
  const { url, state } = (
    await server.as(token).get<GithubAuthorizeUrlResponse>('/api/github/authorize-url')
  ).body;
  const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
  const connected = await server
    .as(token)
    .post('/api/github/access-code', { state, code: back.searchParams.get('code') });
  if (connected.status !== 200)
    throw new Error(
      `connecting GitHub failed: ${connected.status} ${JSON.stringify(connected.body)}`,
    );
}
