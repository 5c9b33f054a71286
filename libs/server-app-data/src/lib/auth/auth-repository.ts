// The auth schema's queries, each one statement with bound parameters, over one connection of
// a transaction (AuthDatabase#asOwner). Times come from the service's clock, never now().
import type { SqlClient } from '@mason/server-postgrest';

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  raw_user_meta_data: Record<string, unknown>;
  raw_app_meta_data: Record<string, unknown>;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string;
  created_at: Date;
}

export interface RefreshTokenRow {
  id: string;
  token_hash: string;
  nonce: string;
  user_id: string;
  session_id: string;
  parent: string | null;
  revoked: boolean;
  updated_at: Date;
}

const USER_COLUMNS = `id::text, email, encrypted_password, raw_user_meta_data, raw_app_meta_data,
  email_confirmed_at, last_sign_in_at, created_at, updated_at`;
const SESSION_COLUMNS = `id::text, user_id::text, aal, created_at`;
const TOKEN_COLUMNS = `id::text, token_hash, nonce, user_id::text, session_id::text, parent::text,
  revoked, updated_at`;

/** JSON columns come back parsed from pg and PGlite alike; a driver that hands text is parsed. */
function normalizeUser(row: UserRow): UserRow {
  const json = (value: unknown) =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? {})) as Record<string, unknown>;
  return {
    ...row,
    raw_user_meta_data: json(row.raw_user_meta_data),
    raw_app_meta_data: json(row.raw_app_meta_data),
  };
}

export async function findUserByEmail(sql: SqlClient, email: string) {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1)`,
    [email],
  );
  return rows[0] && normalizeUser(rows[0]);
}

export async function findUserById(sql: SqlClient, id: string, forUpdate = false) {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1::uuid${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && normalizeUser(rows[0]);
}

/** The new user, or undefined when the e-mail address is taken (in any case). */
export async function insertUser(
  sql: SqlClient,
  user: {
    email: string;
    passwordHash: string;
    userMetadata: Record<string, unknown>;
    appMetadata: Record<string, unknown>;
    now: Date;
  },
) {
  const { rows } = await sql.query<UserRow>(
    `insert into auth.users (email, encrypted_password, raw_user_meta_data, raw_app_meta_data,
       email_confirmed_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4::jsonb, $5, $5, $5)
     on conflict ((lower(email))) do nothing
     returning ${USER_COLUMNS}`,
    [
      user.email,
      user.passwordHash,
      JSON.stringify(user.userMetadata),
      JSON.stringify(user.appMetadata),
      user.now,
    ],
  );
  return rows[0] && normalizeUser(rows[0]);
}

/** Sets the given fields (and updated_at); the user as it is now. */
export async function updateUser(
  sql: SqlClient,
  id: string,
  changes: {
    email?: string;
    passwordHash?: string;
    userMetadata?: Record<string, unknown>;
    now: Date;
  },
) {
  const { rows } = await sql.query<UserRow>(
    `update auth.users set
       email = coalesce($2, email),
       email_confirmed_at = case when $2::text is null then email_confirmed_at else $5 end,
       encrypted_password = coalesce($3, encrypted_password),
       raw_user_meta_data = coalesce($4::jsonb, raw_user_meta_data),
       updated_at = $5
     where id = $1::uuid
     returning ${USER_COLUMNS}`,
    [
      id,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.userMetadata === undefined ? null : JSON.stringify(changes.userMetadata),
      changes.now,
    ],
  );
  return rows[0] && normalizeUser(rows[0]);
}

export async function setLastSignIn(sql: SqlClient, id: string, now: Date) {
  const { rows } = await sql.query<UserRow>(
    `update auth.users set last_sign_in_at = $2 where id = $1::uuid returning ${USER_COLUMNS}`,
    [id, now],
  );
  return rows[0] && normalizeUser(rows[0]);
}

export async function createSession(
  sql: SqlClient,
  session: { userId: string; userAgent: string | null; ip: string; now: Date },
) {
  const { rows } = await sql.query<SessionRow>(
    `insert into auth.sessions (user_id, user_agent, ip, created_at, updated_at)
     values ($1::uuid, $2, $3, $4, $4) returning ${SESSION_COLUMNS}`,
    [session.userId, session.userAgent, session.ip, session.now],
  );
  const [row] = rows;
  if (!row) throw new Error('insert into auth.sessions returned no row');
  return row;
}

export async function findSession(sql: SqlClient, id: string, forUpdate = false) {
  const { rows } = await sql.query<SessionRow>(
    `select ${SESSION_COLUMNS} from auth.sessions where id = $1::uuid${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0];
}

export async function touchSession(
  sql: SqlClient,
  id: string,
  seen: { userAgent: string | null; ip: string; now: Date },
) {
  await sql.query(
    `update auth.sessions set refreshed_at = $2, updated_at = $2, user_agent = $3, ip = $4
     where id = $1::uuid`,
    [id, seen.now, seen.userAgent, seen.ip],
  );
}

/** Ends one session: its refresh tokens go with it (on delete cascade). */
export async function deleteSession(sql: SqlClient, id: string) {
  await sql.query(`delete from auth.sessions where id = $1::uuid`, [id]);
}

/** Ends every session of the user, or every one but `exceptSessionId`. */
export async function deleteUserSessions(
  sql: SqlClient,
  userId: string,
  exceptSessionId: string | null = null,
) {
  await sql.query(
    `delete from auth.sessions where user_id = $1::uuid and ($2::uuid is null or id <> $2::uuid)`,
    [userId, exceptSessionId],
  );
}

export async function insertRefreshToken(
  sql: SqlClient,
  token: {
    hash: string;
    nonce: string;
    userId: string;
    sessionId: string;
    parent: string | null;
    now: Date;
  },
) {
  await sql.query(
    `insert into auth.refresh_tokens (token_hash, nonce, user_id, session_id, parent, created_at, updated_at)
     values ($1, $2, $3::uuid, $4::uuid, $5::bigint, $6, $6)`,
    [token.hash, token.nonce, token.userId, token.sessionId, token.parent, token.now],
  );
}

export async function findRefreshTokenForUpdate(sql: SqlClient, hash: string) {
  const { rows } = await sql.query<RefreshTokenRow>(
    `select ${TOKEN_COLUMNS} from auth.refresh_tokens where token_hash = $1 for update`,
    [hash],
  );
  return rows[0];
}

/** The session's newest refresh token that is not revoked. */
export async function activeRefreshToken(sql: SqlClient, sessionId: string) {
  const { rows } = await sql.query<RefreshTokenRow>(
    `select ${TOKEN_COLUMNS} from auth.refresh_tokens
     where session_id = $1::uuid and not revoked order by id desc limit 1`,
    [sessionId],
  );
  return rows[0];
}

export async function revokeRefreshToken(sql: SqlClient, id: string, now: Date) {
  await sql.query(
    `update auth.refresh_tokens set revoked = true, updated_at = $2 where id = $1::bigint`,
    [id, now],
  );
}
