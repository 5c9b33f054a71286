import { hashPassword, verifyPassword } from './passwords';
import { hashToken, newSecretToken } from './secret-tokens';

describe('passwords', () => {
  it('keeps an argon2id hash that the password matches and nothing else does', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
  });

  it('matches nothing for an account without a password, or with a damaged hash', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword(undefined, '')).toBe(false);
    expect(await verifyPassword('not a hash', 'not a hash')).toBe(false);
  });
});

describe('secret tokens', () => {
  it('are random, URL-safe, and stored only as their hash', () => {
    const first = newSecretToken();
    const second = newSecretToken();
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(first.hash).toBe(hashToken(first.token));
    expect(first.hash).not.toContain(first.token);
  });
});
