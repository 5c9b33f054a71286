import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link opens. Each purpose signs its own words: a token made for one opens nothing else. */
export type LinkPurpose = 'preview' | 'code' | 'blob' | 'asset';

export interface SignOptions {
  /** How long the link works. */
  ttlSeconds: number;
  /**
   * Rounds the expiry up to a multiple of this, so asking again within that time gives the same
   * link (a preview that is not reloaded, an image the browser keeps in its cache).
   */
  roundToSeconds?: number;
  now?: number;
}

export interface VerifiedLink {
  /** The session that asked for the link: the link dies with it. */
  sessionId: string;
  expiresAt: Date;
}

const TOKEN = /^(\d{1,12})\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The one signer of the links a browser opens without Mason's header: previews, code downloads,
 * attached images, assets' thumbnails. A token is `{expiry}.{session id}.{HMAC-SHA256 of purpose, subject, session
 * and expiry}`: it names the thing it opens (the subject), works until its expiry, and only while
 * the session that asked for it lives (the caller checks the session; logging out ends the link).
 */
export class LinkSigner {
  constructor(private readonly key: Buffer) {}

  sign(purpose: LinkPurpose, subject: string, sessionId: string, options: SignOptions) {
    const now = options.now ?? Date.now();
    const round = options.roundToSeconds ?? 1;
    const expires = Math.ceil((Math.floor(now / 1000) + options.ttlSeconds) / round) * round;
    return {
      token: `${expires}.${sessionId}.${this.mac(purpose, subject, sessionId, expires)}`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** The link's session and expiry, or null when the token is not one of ours for this subject or has expired. */
  verify(
    purpose: LinkPurpose,
    subject: string,
    token: string | undefined,
    now = Date.now(),
  ): VerifiedLink | null {
    const match = token === undefined ? null : TOKEN.exec(token);
    if (!match) return null;
    const [, expiresText = '', sessionId = '', given = ''] = match;
    const expires = Number(expiresText);
    if (expires * 1000 <= now) return null;
    const expected = Buffer.from(this.mac(purpose, subject, sessionId, expires));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
    return { sessionId, expiresAt: new Date(expires * 1000) };
  }

  private mac(purpose: LinkPurpose, subject: string, sessionId: string, expires: number) {
    return createHmac('sha256', this.key)
      .update(`${purpose}\n${subject}\n${sessionId}\n${expires}`)
      .digest('base64url');
  }
}
