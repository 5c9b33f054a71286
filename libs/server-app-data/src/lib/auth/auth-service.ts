// The rules of app sign-in, after Supabase Auth (GoTrue) with "Confirm email" off: sign-up answers
// a session at once; sessions and rotating refresh tokens; access tokens with GoTrue's claims.
// Returns results or throws AuthFailure (never HTTP); app-auth.ts adapts it to the wire.
import type { SqlClient } from '@mason/server-postgrest';
import { hashPassword, verifyPassword } from '@mason/server-auth';
import {
  activeRefreshToken,
  createSession,
  deleteSession,
  deleteUserSessions,
  findRefreshTokenForUpdate,
  findSession,
  findUserByEmail,
  findUserById,
  insertRefreshToken,
  insertUser,
  revokeRefreshToken,
  setLastSignIn,
  touchSession,
  updateUser,
  type SessionRow,
  type UserRow,
} from './auth-repository';
import {
  mergeMetadata,
  type LogoutScope,
  type PasswordGrantInput,
  type SignUpInput,
  type UserUpdateInput,
} from './auth-input';
import { AuthFailure } from './errors';
import { checkAppJwt, signAppJwt, type AppJwtClaims, type AppJwtKeys } from './jwt';
import { addHit, clearHits, isExhausted, takeHit, type AppAuthLimits } from './rate-limits';
import {
  deriveRefreshToken,
  hashRefreshToken,
  isRefreshTokenShaped,
  newRefreshToken,
} from './refresh-tokens';

/** The narrow port to an app's database: one transaction as its owner. */
export interface AuthDatabase {
  asOwner<T>(work: (sql: SqlClient) => Promise<T>): Promise<T>;
}

export interface AuthServiceOptions {
  limits: AppAuthLimits;
  accessTokenTtlSeconds: number;
  /** How long a rotated refresh token may still be swapped (Supabase's default: 10 s). */
  refreshTokenReuseIntervalSeconds: number;
  now: () => Date;
}

/** Who made the request: what sessions record and limits count. */
export interface Caller {
  ip: string;
  userAgent: string | null;
}

/** GoTrue's User object as JSON. */
export type UserJson = Record<string, unknown> & { id: string };

export interface TokenAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

export interface Authenticated {
  user: UserRow;
  session: SessionRow | null;
  claims: AppJwtClaims;
}

const AUDIENCE = 'authenticated';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_APP_METADATA = { provider: 'email', providers: ['email'] };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A user as GoTrue answers it (models.User's JSON), with its one e-mail identity. */
export function userJson(user: UserRow): UserJson {
  const identityData = {
    email: user.email,
    email_verified: user.email_confirmed_at !== null,
    phone_verified: false,
    sub: user.id,
  };
  return {
    id: user.id,
    aud: AUDIENCE,
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at) ?? undefined,
    phone: '',
    confirmed_at: iso(user.email_confirmed_at) ?? undefined,
    last_sign_in_at: iso(user.last_sign_in_at) ?? undefined,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: iso(user.last_sign_in_at) ?? undefined,
        created_at: iso(user.created_at),
        updated_at: iso(user.updated_at),
        email: user.email,
      },
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

const JWT_REASONS = {
  malformed: 'token is malformed',
  signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
  claims: 'token has invalid claims: token is not one of this app',
} as const;

export class AuthService {
  constructor(private readonly options: AuthServiceOptions) {}

  private now() {
    return this.options.now();
  }

  /** The apikey must be a JWT of these keys (what Supabase's gateway checks). */
  async checkApiKey(keys: AppJwtKeys, apikey: string | undefined): Promise<boolean> {
    if (!apikey) return false;
    return (await checkAppJwt(keys, apikey, { now: this.now() })).ok;
  }

  /** An access token for `session` of `user`, with the claims Supabase puts in it. */
  private async accessToken(keys: AppJwtKeys, user: UserRow, session: SessionRow) {
    const issuedAt = seconds(this.now());
    const expiresAt = issuedAt + this.options.accessTokenTtlSeconds;
    const token = await signAppJwt(keys, {
      aud: AUDIENCE,
      exp: expiresAt,
      iat: issuedAt,
      iss: keys.issuer,
      sub: user.id,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: session.aal,
      amr: [{ method: 'password', timestamp: seconds(session.created_at) }],
      session_id: session.id,
      is_anonymous: false,
      ref: keys.ref,
    });
    return { token, expiresAt, expiresIn: expiresAt - issuedAt };
  }

  private async answer(
    keys: AppJwtKeys,
    user: UserRow,
    session: SessionRow,
    refreshToken: string,
  ): Promise<TokenAnswer> {
    const access = await this.accessToken(keys, user, session);
    return {
      access_token: access.token,
      token_type: 'bearer',
      expires_in: access.expiresIn,
      expires_at: access.expiresAt,
      refresh_token: refreshToken,
      user: userJson(user),
    };
  }

  /** A new session with its first refresh token; the user's last_sign_in_at set. */
  private async signIn(sql: SqlClient, keys: AppJwtKeys, user: UserRow, caller: Caller) {
    const now = this.now();
    const session = await createSession(sql, { userId: user.id, ...caller, now });
    const refresh = newRefreshToken(keys);
    await insertRefreshToken(sql, {
      hash: refresh.hash,
      nonce: refresh.nonce,
      userId: user.id,
      sessionId: session.id,
      parent: null,
      now,
    });
    const signedIn = (await setLastSignIn(sql, user.id, now)) ?? user;
    return this.answer(keys, signedIn, session, refresh.token);
  }

  private overLimit(): never {
    throw new AuthFailure('over_request_rate_limit', 'Request rate limit reached');
  }

  /** POST /signup with e-mail confirmation off: the user and a session at once. */
  async signUp(
    db: AuthDatabase,
    keys: AppJwtKeys,
    input: SignUpInput,
    caller: Caller,
  ): Promise<TokenAnswer> {
    const passwordHash = await hashPassword(input.password);
    return db.asOwner(async (sql) => {
      const user = await insertUser(sql, {
        email: input.email,
        passwordHash,
        userMetadata: input.data,
        appMetadata: EMAIL_APP_METADATA,
        now: this.now(),
      });
      if (!user) throw new AuthFailure('user_already_exists', 'User already registered');
      return this.signIn(sql, keys, user, caller);
    });
  }

  /** Counts a sign-up attempt of the caller's address; over the limit, 429 (and not counted). */
  async limitSignUp(db: AuthDatabase, caller: Caller): Promise<void> {
    const { limits } = this.options;
    const allowed = await db.asOwner((sql) =>
      takeHit(sql, limits, 'signup', caller.ip, this.now()),
    );
    if (!allowed) this.overLimit();
  }

  /** POST /token?grant_type=password. An unknown e-mail still spends a password check. */
  async signInWithPassword(
    db: AuthDatabase,
    keys: AppJwtKeys,
    input: PasswordGrantInput,
    caller: Caller,
  ): Promise<TokenAnswer> {
    const { user, over } = await db.asOwner(async (sql) => ({
      over: await isExhausted(sql, this.options.limits, 'failed-sign-in', input.email, this.now()),
      user: await findUserByEmail(sql, input.email),
    }));
    if (over) this.overLimit();
    const valid = await verifyPassword(user?.encrypted_password, input.password);
    if (!user || !valid) {
      await db.asOwner((sql) => addHit(sql, 'failed-sign-in', input.email, this.now()));
      throw new AuthFailure('invalid_credentials', 'Invalid login credentials');
    }
    return db.asOwner(async (sql) => {
      await clearHits(sql, 'failed-sign-in', input.email);
      const current = await findUserById(sql, user.id, true);
      if (!current) throw new AuthFailure('invalid_credentials', 'Invalid login credentials');
      return this.signIn(sql, keys, current, caller);
    });
  }

  /**
   * POST /token?grant_type=refresh_token, rotating (GoTrue's RefreshTokenGrant): the token is
   * revoked and a child issued. A revoked token that is the parent of the session's active one
   * answers that active token again (its client lost the answer); another revoked token is
   * swapped while within the reuse interval, and after it ends the whole session (reuse of a
   * stolen token): refresh_token_already_used.
   */
  async refresh(
    db: AuthDatabase,
    keys: AppJwtKeys,
    token: string,
    caller: Caller,
  ): Promise<TokenAnswer> {
    if (!isRefreshTokenShaped(token))
      throw new AuthFailure('validation_failed', 'Refresh token is not valid');
    const outcome = await db.asOwner(async (sql) => {
      const now = this.now();
      const row = await findRefreshTokenForUpdate(sql, hashRefreshToken(token));
      if (!row)
        throw new AuthFailure(
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      const session = await findSession(sql, row.session_id, true);
      const user = await findUserById(sql, row.user_id);
      if (!session || !user)
        throw new AuthFailure('session_not_found', 'Invalid Refresh Token: No Valid Session Found');
      let issued: string | undefined;
      if (row.revoked) {
        const active = await activeRefreshToken(sql, session.id);
        if (active && active.parent === row.id) {
          const again = deriveRefreshToken(keys, active.nonce);
          if (again.hash === active.token_hash) issued = again.token;
        }
        const reuseUntil =
          row.updated_at.getTime() + this.options.refreshTokenReuseIntervalSeconds * 1000;
        if (issued === undefined && now.getTime() > reuseUntil) {
          await deleteSession(sql, session.id);
          // Committed: the session stays ended although the answer is an error.
          return { reused: true as const };
        }
      }
      if (issued === undefined) {
        if (!row.revoked) await revokeRefreshToken(sql, row.id, now);
        const next = newRefreshToken(keys);
        await insertRefreshToken(sql, {
          hash: next.hash,
          nonce: next.nonce,
          userId: user.id,
          sessionId: session.id,
          parent: row.id,
          now,
        });
        issued = next.token;
      }
      await touchSession(sql, session.id, { ...caller, now });
      return { reused: false as const, answer: await this.answer(keys, user, session, issued) };
    });
    if (outcome.reused)
      throw new AuthFailure('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    return outcome.answer;
  }

  /** requireAuthentication: the Bearer token's user and session (GoTrue's checks and errors). */
  async authenticate(
    sql: SqlClient,
    keys: AppJwtKeys,
    authorization: string | undefined,
  ): Promise<Authenticated> {
    const match = /^bearer (\S+)$/i.exec(authorization ?? '');
    const bearer = match?.[1];
    if (!bearer)
      throw new AuthFailure('no_authorization', 'This endpoint requires a valid Bearer token');
    const checked = await checkAppJwt(keys, bearer, { now: this.now() });
    if (!checked.ok)
      throw new AuthFailure(
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${JWT_REASONS[checked.reason]}`,
      );
    const { claims } = checked;
    if (typeof claims.sub !== 'string' || claims.sub === '')
      throw new AuthFailure('bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID.test(claims.sub))
      throw new AuthFailure('bad_jwt', 'invalid claim: sub claim must be a UUID', 400);
    const user = await findUserById(sql, claims.sub);
    if (!user) throw new AuthFailure('user_not_found', 'User from sub claim in JWT does not exist');
    let session: SessionRow | null = null;
    const sessionId = claims.session_id;
    if (sessionId !== undefined && sessionId !== '' && sessionId !== NIL_UUID) {
      if (typeof sessionId !== 'string' || !UUID.test(sessionId))
        throw new AuthFailure('bad_jwt', 'invalid claim: session_id claim must be a UUID');
      session = (await findSession(sql, sessionId)) ?? null;
      if (!session || session.user_id !== user.id)
        throw new AuthFailure(
          'session_not_found',
          'Session from session_id claim in JWT does not exist',
        );
    }
    return { user, session, claims };
  }

  /** GET /user. */
  async getUser(
    db: AuthDatabase,
    keys: AppJwtKeys,
    authorization: string | undefined,
    audience: string | undefined,
  ): Promise<UserJson> {
    return db.asOwner(async (sql) => {
      const { user, claims } = await this.authenticate(sql, keys, authorization);
      const aud = Array.isArray(claims['aud']) ? claims['aud'][0] : claims['aud'];
      if (aud !== (audience || AUDIENCE))
        throw new AuthFailure('validation_failed', "Token audience doesn't match request audience");
      return userJson(user);
    });
  }

  /**
   * PUT /user: password (every other session ends, as GoTrue does), data (merged; null removes a
   * key) and email (changed at once: apps have no mailer, and "Confirm email" is off).
   */
  async updateUser(
    db: AuthDatabase,
    keys: AppJwtKeys,
    authorization: string | undefined,
    input: UserUpdateInput,
  ): Promise<UserJson> {
    const { user } = await db.asOwner((sql) => this.authenticate(sql, keys, authorization));
    let passwordHash: string | undefined;
    if (input.password !== undefined) {
      if (await verifyPassword(user.encrypted_password, input.password))
        throw new AuthFailure(
          'same_password',
          'New password should be different from the old password.',
        );
      passwordHash = await hashPassword(input.password);
    }
    return db.asOwner(async (sql) => {
      // Checked again inside the transaction that writes: the session may have ended meanwhile.
      const { user: current, session } = await this.authenticate(sql, keys, authorization);
      const email =
        input.email !== undefined && input.email !== current.email ? input.email : undefined;
      if (email !== undefined) {
        const taken = await findUserByEmail(sql, email);
        if (taken && taken.id !== current.id)
          throw new AuthFailure(
            'email_exists',
            'A user with this email address has already been registered',
          );
      }
      const updated = await updateUser(sql, current.id, {
        email,
        passwordHash,
        userMetadata:
          input.data === undefined
            ? undefined
            : mergeMetadata(current.raw_user_meta_data, input.data),
        now: this.now(),
      });
      if (passwordHash !== undefined)
        await deleteUserSessions(sql, current.id, session?.id ?? null);
      return userJson(updated ?? current);
    });
  }

  /** POST /logout?scope=global|local|others. */
  async signOut(
    db: AuthDatabase,
    keys: AppJwtKeys,
    authorization: string | undefined,
    scope: LogoutScope,
  ): Promise<void> {
    await db.asOwner(async (sql) => {
      const { user, session } = await this.authenticate(sql, keys, authorization);
      if (session && scope === 'local') return deleteSession(sql, session.id);
      if (session && scope === 'others') return deleteUserSessions(sql, user.id, session.id);
      return deleteUserSessions(sql, user.id);
    });
  }
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
