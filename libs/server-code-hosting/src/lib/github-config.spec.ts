import { ConfigError } from '@mason/server-http';
import { DEFAULT_GITHUB_API_URL, githubConfigFromEnv } from './github-config';

describe('the GitHub OAuth App from the environment', () => {
  it('is off without a client id and secret, and on with both', () => {
    expect(githubConfigFromEnv({})).toBeNull();
    expect(githubConfigFromEnv({ GITHUB_CLIENT_ID: ' ', GITHUB_CLIENT_SECRET: '' })).toBeNull();
    expect(
      githubConfigFromEnv({ GITHUB_CLIENT_ID: 'Iv1.a', GITHUB_CLIENT_SECRET: 's3cret' }),
    ).toEqual({
      clientId: 'Iv1.a',
      clientSecret: 's3cret',
      apiUrl: DEFAULT_GITHUB_API_URL,
      webhookSecret: null,
    });
  });

  it('takes the webhook secret when one is set', () => {
    expect(
      githubConfigFromEnv({
        GITHUB_CLIENT_ID: 'Iv1.a',
        GITHUB_CLIENT_SECRET: 's3cret',
        GITHUB_WEBHOOK_SECRET: ' hook-secret ',
      })?.webhookSecret,
    ).toBe('hook-secret');
  });

  it('takes a GitHub Enterprise API, without its trailing slash', () => {
    expect(
      githubConfigFromEnv({
        GITHUB_CLIENT_ID: 'Iv1.a',
        GITHUB_CLIENT_SECRET: 's3cret',
        GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
      })?.apiUrl,
    ).toBe('https://ghe.example.com/api/v3');
  });

  it('refuses half a configuration or an API that is not an http(s) URL, saying what to fix', () => {
    expect(() => githubConfigFromEnv({ GITHUB_CLIENT_ID: 'Iv1.a' })).toThrow(
      new ConfigError('Set both GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET, or neither.'),
    );
    const withApi = (url: string) => () =>
      githubConfigFromEnv({
        GITHUB_CLIENT_ID: 'a',
        GITHUB_CLIENT_SECRET: 'b',
        GITHUB_API_URL: url,
      });
    expect(withApi('not a url')).toThrow(/GITHUB_API_URL must be a URL/);
    expect(withApi('ftp://example.com')).toThrow(/GITHUB_API_URL must be an http\(s\) URL/);
  });
});
