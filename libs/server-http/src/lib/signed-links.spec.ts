import { randomBytes, randomUUID } from 'node:crypto';
import { LinkSigner } from './signed-links';

describe('LinkSigner', () => {
  const signer = new LinkSigner(randomBytes(32));
  const session = randomUUID();
  const now = Date.UTC(2026, 0, 1, 0, 0, 1);

  it('opens what it was signed for, for the session that asked, until it expires', () => {
    const { token, expiresAt } = signer.sign('preview', 'p-1', session, { ttlSeconds: 60, now });
    expect(expiresAt).toEqual(new Date(now + 60_000));
    expect(signer.verify('preview', 'p-1', token, now + 59_000)).toEqual({
      sessionId: session,
      expiresAt,
    });
    expect(signer.verify('preview', 'p-1', token, now + 60_000)).toBeNull();
  });

  it('opens nothing else: another subject, another purpose, another key, a changed token', () => {
    const { token } = signer.sign('code', 'p-1', session, { ttlSeconds: 60, now });
    expect(signer.verify('code', 'p-2', token, now)).toBeNull();
    expect(signer.verify('preview', 'p-1', token, now)).toBeNull();
    expect(new LinkSigner(randomBytes(32)).verify('code', 'p-1', token, now)).toBeNull();
    const [expiry, , mac] = token.split('.');
    expect(signer.verify('code', 'p-1', `${expiry}.${randomUUID()}.${mac}`, now)).toBeNull();
    expect(signer.verify('code', 'p-1', `${Number(expiry) + 1}.${session}.${mac}`, now)).toBeNull();
    expect(signer.verify('code', 'p-1', undefined, now)).toBeNull();
    expect(signer.verify('code', 'p-1', 'not a token', now)).toBeNull();
  });

  it('gives the same link again within its rounding, so browsers can cache what it opens', () => {
    const options = { ttlSeconds: 3600, roundToSeconds: 600 };
    const first = signer.sign('blob', 'hash', session, { ...options, now });
    const later = signer.sign('blob', 'hash', session, { ...options, now: now + 30_000 });
    expect(later.token).toBe(first.token);
  });
});
