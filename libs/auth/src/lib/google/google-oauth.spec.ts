import { readGoogleCallback, startGoogleSignIn } from './google-oauth';

/** An ID token as Google issues it: header.payload.signature, the payload base64url-encoded JSON. */
function idTokenWith(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode({ iss: 'https://accounts.google.com', ...claims })}.signature`;
}

function start(options: Partial<Parameters<typeof startGoogleSignIn>[0]> = {}) {
  const url = new URL(
    startGoogleSignIn({
      clientId: 'google-client',
      redirectUri: 'http://localhost/auth/callback/google',
      plan: null,
      projectId: null,
      ...options,
    }),
  );
  return {
    url,
    state: url.searchParams.get('state') ?? '',
    nonce: url.searchParams.get('nonce') ?? '',
  };
}

beforeEach(() => sessionStorage.clear());

describe('startGoogleSignIn', () => {
  it('asks Google for an ID token with a fresh state and nonce each time', () => {
    const first = start();
    const second = start();
    expect(first.url.origin + first.url.pathname).toBe(
      'https://accounts.google.com/o/oauth2/v2/auth',
    );
    expect(Object.fromEntries(first.url.searchParams)).toMatchObject({
      client_id: 'google-client',
      redirect_uri: 'http://localhost/auth/callback/google',
      response_type: 'id_token',
      scope: 'openid email profile',
    });
    expect(first.state).toMatch(/^[0-9a-f]{48}$/);
    expect(first.nonce).toMatch(/^[0-9a-f]{48}$/);
    expect(second.state).not.toBe(first.state);
    expect(second.nonce).not.toBe(first.nonce);
  });
});

describe('readGoogleCallback', () => {
  it('accepts a fragment whose state and nonce match the sign-in this browser started, with its plan and project', () => {
    const { state, nonce } = start({ plan: 'PRO', projectId: 'p1' });
    const idToken = idTokenWith({ nonce, email: 'ada@example.com' });
    const result = readGoogleCallback(`#id_token=${idToken}&state=${state}`);
    expect(result).toEqual({
      ok: true,
      idToken,
      pending: { state, nonce, plan: 'PRO', projectId: 'p1' },
    });
  });

  it('refuses a fragment whose state does not match', () => {
    const { nonce } = start();
    const result = readGoogleCallback(
      `#id_token=${idTokenWith({ nonce })}&state=someone-elses-state`,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'This sign-in did not start in this browser. Please try again.',
    });
  });

  it('refuses an ID token minted for another nonce (a replayed token)', () => {
    const { state } = start();
    const result = readGoogleCallback(
      `#id_token=${idTokenWith({ nonce: 'other-nonce' })}&state=${state}`,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'This sign-in did not start in this browser. Please try again.',
    });
  });

  it('refuses a token that is not a readable JWT', () => {
    const { state } = start();
    expect(readGoogleCallback(`#id_token=garbage&state=${state}`).ok).toBe(false);
  });

  it('works once: the pending sign-in is forgotten after it is read', () => {
    const { state, nonce } = start();
    const hash = `#id_token=${idTokenWith({ nonce })}&state=${state}`;
    expect(readGoogleCallback(hash).ok).toBe(true);
    expect(readGoogleCallback(hash)).toEqual({
      ok: false,
      reason: 'This sign-in link is incomplete or has expired.',
    });
  });

  it('says the link is incomplete when no sign-in was started here', () => {
    expect(readGoogleCallback(`#id_token=${idTokenWith({ nonce: 'n' })}&state=s`)).toEqual({
      ok: false,
      reason: 'This sign-in link is incomplete or has expired.',
    });
  });

  it('passes on Google’s own error description (the person cancelled)', () => {
    start();
    expect(
      readGoogleCallback('#error=access_denied&error_description=The+user+denied+access'),
    ).toEqual({
      ok: false,
      reason: 'The user denied access',
    });
    start();
    expect(readGoogleCallback('#error=access_denied')).toEqual({
      ok: false,
      reason: 'Google sign-in was cancelled.',
    });
  });
});
