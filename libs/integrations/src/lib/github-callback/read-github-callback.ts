import type { GithubAccessCodeRequest } from '@mason/contract';

/** What GitHub's redirect brought back: a code to exchange, or why there is none. */
export type GithubCallback =
  | { kind: 'code'; request: GithubAccessCodeRequest }
  | { kind: 'refused'; message: string }
  | { kind: 'missing'; message: string };

export const CallbackMessages = {
  refused:
    'You did not allow Mason to use your GitHub account, so nothing was connected. You can connect it whenever you like.',
  missing:
    'This page did not receive an answer from GitHub. Start connecting GitHub again from Integrations.',
} as const;

/**
 * Reads GitHub's redirect (`?code=…&state=…`, or `?error=access_denied&error_description=…` when
 * the person said no: GitHub's OAuth web flow).
 */
export function readGithubCallback(search: string): GithubCallback {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) {
    if (error === 'access_denied') return { kind: 'refused', message: CallbackMessages.refused };
    const description = params.get('error_description')?.trim();
    return {
      kind: 'refused',
      message: description
        ? `GitHub did not connect: ${description.replace(/\.?$/, '.')} Start connecting GitHub again.`
        : 'GitHub did not connect. Start connecting GitHub again.',
    };
  }
  const code = params.get('code')?.trim();
  const state = params.get('state')?.trim();
  if (!code || !state) return { kind: 'missing', message: CallbackMessages.missing };
  return { kind: 'code', request: { code, state } };
}
