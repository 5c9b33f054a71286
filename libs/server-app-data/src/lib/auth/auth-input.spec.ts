// The pure parts: bodies into values with GoTrue's checks, its two error shapes and the refresh
// tokens' form.
import {
  mergeMetadata,
  parseLogoutScope,
  parsePasswordGrant,
  parseSignUp,
  parseUserUpdate,
  validateEmail,
} from './auth-input';
import { AuthFailure, renderFailure, wantsApiVersion2024 } from './errors';
import {
  deriveRefreshToken,
  hashRefreshToken,
  isRefreshTokenShaped,
  newRefreshToken,
} from './refresh-tokens';
import { testKeys } from './test-utils/auth-test-server';

const failureOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof AuthFailure) return { code: error.code, message: error.message };
    throw error;
  }
  return null;
};

describe('parseSignUp', () => {
  it('lower-cases the e-mail and defaults data to {}', () => {
    expect(parseSignUp({ email: 'Ada@Example.COM', password: 'secret1' })).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
      data: {},
    });
  });

  it.each([
    [undefined, 'bad_json'],
    [[], 'bad_json'],
    [{ email: 1, password: 'secret1' }, 'bad_json'],
    [{ password: 'secret1' }, 'anonymous_provider_disabled'],
    [{ email: 'a@b.co' }, 'validation_failed'],
    [{ email: 'a@b.co', password: 'short' }, 'weak_password'],
    [{ email: 'a@b.co', phone: '+1555', password: 'secret1' }, 'validation_failed'],
    [{ phone: '+1555', password: 'secret1' }, 'phone_provider_disabled'],
    [{ email: 'a@b', password: 'secret1', data: [1] }, 'bad_json'],
    [{ email: 'not an email', password: 'secret1' }, 'validation_failed'],
  ])('refuses %j with %s', (body, code) => {
    expect(failureOf(() => parseSignUp(body))?.code).toBe(code);
  });

  it('counts password length in UTF-8 bytes, as Go does', () => {
    expect(failureOf(() => parseSignUp({ email: 'a@b.co', password: 'ééé' }))).toBeNull();
    expect(failureOf(() => parseSignUp({ email: 'a@b.co', password: 'é'.repeat(37) }))).toEqual({
      code: 'validation_failed',
      message: 'Password cannot be longer than 72 characters',
    });
  });
});

describe('other bodies', () => {
  it('validateEmail follows checkmail’s format', () => {
    expect(validateEmail('first.last+tag@sub.example.org')).toBe('first.last+tag@sub.example.org');
    expect(failureOf(() => validateEmail('a@-b.com'))?.message).toBe(
      'Unable to validate email address: invalid format',
    );
    expect(failureOf(() => validateEmail(`${'a'.repeat(250)}@b.com`))?.message).toBe(
      'An email address is too long',
    );
  });

  it('parsePasswordGrant wants an e-mail', () => {
    expect(parsePasswordGrant({ email: 'A@B.co', password: 'x' })).toEqual({
      email: 'a@b.co',
      password: 'x',
    });
    expect(failureOf(() => parsePasswordGrant({ password: 'x' }))?.message).toBe(
      'missing email or phone',
    );
  });

  it('parseUserUpdate keeps only what was sent and refuses app_metadata', () => {
    expect(parseUserUpdate({ data: { a: 1 } })).toEqual({ data: { a: 1 } });
    expect(parseUserUpdate({ email: 'New@B.co', password: 'secret1' })).toEqual({
      email: 'new@b.co',
      password: 'secret1',
    });
    expect(failureOf(() => parseUserUpdate({ app_metadata: { admin: true } }))?.code).toBe(
      'not_admin',
    );
    expect(failureOf(() => parseUserUpdate({ password: '' }))?.code).toBe('weak_password');
  });

  it('parseLogoutScope defaults to global', () => {
    expect(parseLogoutScope(new URLSearchParams())).toBe('global');
    expect(parseLogoutScope(new URLSearchParams('scope=others'))).toBe('others');
    expect(failureOf(() => parseLogoutScope(new URLSearchParams('scope=all')))?.message).toBe(
      'Unsupported logout scope "all"',
    );
  });

  it('mergeMetadata removes keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: 2 }, { b: null, c: 3 })).toEqual({ a: 1, c: 3 });
  });
});

describe('error shapes', () => {
  const failure = new AuthFailure('weak_password', 'Too short.', undefined, ['length']);

  it('renders the 2024-01-01 shape for that version or a later one', () => {
    expect(wantsApiVersion2024({ 'x-supabase-api-version': '2025-06-30' })).toBe(true);
    expect(wantsApiVersion2024({ 'x-supabase-api-version': '2023-12-31' })).toBe(false);
    expect(wantsApiVersion2024({ 'x-supabase-api-version': 'soon' })).toBe(false);
    expect(renderFailure(failure, { 'x-supabase-api-version': '2024-01-01' })).toMatchObject({
      status: 422,
      body: {
        code: 'weak_password',
        message: 'Too short.',
        weak_password: { reasons: ['length'] },
      },
    });
  });

  it('renders the older shape otherwise', () => {
    expect(renderFailure(failure, {}).body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Too short.',
      weak_password: { reasons: ['length'] },
    });
  });
});

describe('refresh tokens', () => {
  it('are 40 URL-safe characters that only the same keys re-derive', () => {
    const keys = testKeys();
    const token = newRefreshToken(keys);
    expect(isRefreshTokenShaped(token.token)).toBe(true);
    expect(token.hash).toBe(hashRefreshToken(token.token));
    expect(deriveRefreshToken(keys, token.nonce).token).toBe(token.token);
    expect(deriveRefreshToken(testKeys(keys.ref), token.nonce).token).not.toBe(token.token);
    expect(newRefreshToken(keys).token).not.toBe(token.token);
  });
});
