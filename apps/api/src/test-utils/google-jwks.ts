import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface IdTokenOptions {
  /** Sign with a key the JWKS does not list. */
  otherKey?: boolean;
  audience?: string;
  issuer?: string;
  /** Expiry in seconds since the epoch (default: in 10 minutes). */
  expiresAt?: number;
}

export interface FakeGoogle {
  jwksUrl: string;
  clientId: string;
  /** A Google-like ID token signed with the served key (override any claim, or sign with another key). */
  idToken: (claims?: JWTPayload, options?: IdTokenOptions) => Promise<string>;
  close: () => Promise<void>;
}

/** Google's side of sign-in, on loopback: a JWKS endpoint and an ID token factory. */
export async function startFakeGoogle(
  clientId = 'mason-test.apps.googleusercontent.com',
): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    jwksUrl: `http://127.0.0.1:${address.port}/oauth2/v3/certs`,
    clientId,
    idToken: async (claims = {}, options = {}) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(options.expiresAt ?? Math.floor(Date.now() / 1000) + 600)
        .sign(options.otherKey ? stranger.privateKey : privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
