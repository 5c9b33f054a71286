// The auth schema's tables, shaped after Supabase Auth's (auth.users, auth.sessions,
// auth.refresh_tokens) so that an app's SQL that names auth.users(id) works the same on an
// attached Supabase project. Owner-only: anon and authenticated get no privilege on them (row
// rules reach the user through auth.uid(), never by reading these tables).

/** The auth schema's tables, as bootstrap steps (applied once per database, in order, by name). */
export const AUTH_BOOTSTRAP: readonly { name: string; sql: string }[] = [
  {
    name: 'auth_users',
    sql: `
create schema if not exists auth;
create table auth.users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (length(email) between 3 and 255),
  encrypted_password text,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  email_confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on auth.users (lower(email));
revoke all on table auth.users from public, anon, authenticated;`,
  },
  {
    name: 'auth_sessions',
    sql: `
create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  user_agent text,
  ip text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz
);
create index sessions_user_id_idx on auth.sessions (user_id);
revoke all on table auth.sessions from public, anon, authenticated;`,
  },
  {
    name: 'auth_refresh_tokens',
    sql: `
create table auth.refresh_tokens (
  id bigint generated always as identity primary key,
  -- sha256 of the token (hex): the token itself is never stored.
  token_hash text not null unique,
  -- the token's public half: with the app's secret (which the database does not hold) it
  -- re-derives the token, so a client that lost a refresh's answer gets the same one again.
  nonce text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent bigint references auth.refresh_tokens (id) on delete set null,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);
revoke all on table auth.refresh_tokens from public, anon, authenticated;`,
  },
  {
    // The sign-up and failed sign-in limits' counts, kept with the app's users: a restart of
    // Mason, or another Mason process, counts on where the last left off.
    name: 'auth_rate_limit_hits',
    sql: `
create table auth.rate_limit_hits (
  kind text not null check (kind in ('signup', 'failed-sign-in')),
  -- a client address (sign-ups) or an e-mail address (failed sign-ins)
  key text not null,
  at timestamptz not null
);
create index rate_limit_hits_key_idx on auth.rate_limit_hits (kind, key, at);
create index rate_limit_hits_at_idx on auth.rate_limit_hits (kind, at);
revoke all on table auth.rate_limit_hits from public, anon, authenticated;`,
  },
];
