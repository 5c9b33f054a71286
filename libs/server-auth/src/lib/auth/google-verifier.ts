import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export interface GoogleVerifier {
  /** The identity in a Google ID token; throws when the token is not valid for this client. */
  verify(idToken: string): Promise<GoogleIdentity>;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Checks Google ID tokens against Google's signing keys (GOOGLE_JWKS_URL), audience = our client id. */
export function createGoogleVerifier(clientId: string, jwksUrl: string): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl));
  return {
    async verify(idToken) {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
      });
      const claim = (name: string) =>
        typeof payload[name] === 'string' ? (payload[name] as string) : '';
      if (!payload.sub || !claim('email'))
        throw new Error('The Google token has no subject or e-mail.');
      const name = claim('name');
      return {
        sub: payload.sub,
        email: claim('email').toLowerCase(),
        emailVerified: payload['email_verified'] === true || payload['email_verified'] === 'true',
        givenName: claim('given_name') || name.split(' ')[0] || '',
        familyName: claim('family_name') || name.split(' ').slice(1).join(' '),
      };
    },
  };
}
