import type { Database } from '@mason/server-db';
import { type LinkPurpose, LinkSigner, type SignOptions } from '@mason/server-http';
import { findSessionById, type Session } from './sessions';

/**
 * Signed links bound to the session that asked for them (http/signed-links.ts): `sign` makes one
 * for a session, `open` answers the session a link was made for while that session is live, and
 * null once it has ended, expired, or the link names something else.
 */
export class SessionLinks {
  private readonly signer: LinkSigner;

  constructor(
    private readonly db: Database,
    key: Buffer,
  ) {
    this.signer = new LinkSigner(key);
  }

  sign(purpose: LinkPurpose, subject: string, session: Pick<Session, 'id'>, options: SignOptions) {
    return this.signer.sign(purpose, subject, session.id, options);
  }

  async open(purpose: LinkPurpose, subject: string, token: string | undefined) {
    const link = this.signer.verify(purpose, subject, token);
    if (!link) return null;
    const session = await findSessionById(this.db, link.sessionId);
    return session ? { session, expiresAt: link.expiresAt } : null;
  }
}
