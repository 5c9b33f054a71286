import { CallbackMessages, readGithubCallback } from './read-github-callback';

describe('readGithubCallback', () => {
  it('reads the code and the state of GitHub’s redirect', () => {
    expect(readGithubCallback('?code=abc123&state=s-1')).toEqual({
      kind: 'code',
      request: { code: 'abc123', state: 's-1' },
    });
  });

  it('says the person refused when GitHub answers access_denied, whatever else it sends', () => {
    expect(
      readGithubCallback('?error=access_denied&error_description=The+user+has+denied&state=s'),
    ).toEqual({ kind: 'refused', message: CallbackMessages.refused });
  });

  it('passes GitHub’s own description of another error on, as a sentence', () => {
    expect(
      readGithubCallback(
        '?error=redirect_uri_mismatch&error_description=The+redirect_uri+MUST+match+the+registered+callback+URL+for+this+application',
      ),
    ).toEqual({
      kind: 'refused',
      message:
        'GitHub did not connect: The redirect_uri MUST match the registered callback URL for this application. Start connecting GitHub again.',
    });
    expect(readGithubCallback('?error=application_suspended')).toEqual({
      kind: 'refused',
      message: 'GitHub did not connect. Start connecting GitHub again.',
    });
  });

  it('says the answer is missing without both a code and a state', () => {
    for (const search of ['', '?code=abc', '?state=s', '?code=&state=s'])
      expect(readGithubCallback(search)).toEqual({
        kind: 'missing',
        message: CallbackMessages.missing,
      });
  });
});
