// What every app database starts with, as Supabase's databases do: the callers' roles, a public
// schema whose tables both roles may use (row-level security is the gate: server-postgrest
// refuses a table without it), the `auth` schema's functions that policies call, and Mason's own
// owner-only `mason` schema (bootstrap steps and migrations applied). Steps are applied once per
// database, in order, each recorded by name; a database opened by a newer Mason gets the steps
// it lacks.
import type { BootstrapStep, OwnerSqlClient } from './types';

export const MASON_BOOTSTRAP: readonly BootstrapStep[] = [
  {
    // Roles are cluster-wide on a PostgreSQL server: another database (or another process) may
    // have made them, or be making them in this instant (then the second waits on the catalog's
    // unique index and gets unique_violation once the first commits).
    name: 'mason/001_roles',
    sql: `
do $$
begin
  begin
    create role anon nologin;
  exception when duplicate_object or unique_violation then null;
  end;
  begin
    create role authenticated nologin;
  exception when duplicate_object or unique_violation then null;
  end;
  if not pg_has_role(current_user, 'anon', 'member') then
    grant anon to current_user;
  end if;
  if not pg_has_role(current_user, 'authenticated', 'member') then
    grant authenticated to current_user;
  end if;
end $$;`,
  },
  {
    // Functions are executable by PUBLIC unless revoked: the owner's new functions are not, and
    // those of `public` are granted to the two roles by name (as tables and sequences are).
    name: 'mason/002_public_schema',
    sql: `
revoke create on schema public from public;
grant usage on schema public to anon, authenticated;
alter default privileges revoke execute on functions from public;
alter default privileges in schema public grant select, insert, update, delete on tables to anon, authenticated;
alter default privileges in schema public grant usage on sequences to anon, authenticated;
alter default privileges in schema public grant execute on functions to anon, authenticated;`,
  },
  {
    // Supabase's auth.uid(), auth.role() and auth.jwt(), reading the claims that asCaller sets
    // for the transaction. The schema's tables are the auth steps' (owner-only unless granted).
    name: 'mason/003_auth_schema',
    sql: `
create schema if not exists auth;
revoke all on schema auth from public;
grant usage on schema auth to anon, authenticated;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select nullif(current_setting('request.jwt.claims', true), '')::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub', '')::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select nullif(nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role', '')
$$;
revoke all on function auth.jwt(), auth.uid(), auth.role() from public;
grant execute on function auth.jwt(), auth.uid(), auth.role() to anon, authenticated;`,
  },
  {
    name: 'mason/004_migrations',
    sql: `
create table if not exists mason.migrations (
  name text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
);`,
  },
  {
    // Each migration's undo, kept as it was when the migration was applied (syncMigrations).
    name: 'mason/005_migration_undo',
    sql: `alter table mason.migrations add column if not exists down_sql text;`,
  },
];

/**
 * What an attached Supabase database gets: Mason's bookkeeping of migrations only (its roles,
 * `auth` schema and sign-in are Supabase's own).
 */
export const MIGRATIONS_BOOTSTRAP: readonly BootstrapStep[] = MASON_BOOTSTRAP.filter(
  (step) => step.name === 'mason/004_migrations' || step.name === 'mason/005_migration_undo',
);

/** Checks a list of steps: every name non-empty and used once. */
export function checkBootstrapSteps(steps: readonly BootstrapStep[]): readonly BootstrapStep[] {
  const seen = new Set<string>();
  for (const step of steps) {
    if (typeof step.name !== 'string' || step.name.trim() === '')
      throw new Error('A bootstrap step needs a name');
    if (seen.has(step.name)) throw new Error(`Two bootstrap steps are named ${step.name}`);
    seen.add(step.name);
  }
  return steps;
}

/**
 * Applies the steps not yet recorded, in order, in the caller's owner transaction. An advisory
 * lock makes two processes opening the same server database at once take turns.
 */
export async function runBootstrap(sql: OwnerSqlClient, steps: readonly BootstrapStep[]) {
  await sql.query(`select pg_advisory_xact_lock(hashtext('mason.bootstrap'))`);
  await sql.exec(`
create schema if not exists mason;
revoke all on schema mason from public;
create table if not exists mason.bootstrap_steps (
  name text primary key,
  applied_at timestamptz not null default now()
);`);
  const { rows } = await sql.query<{ name: string }>('select name from mason.bootstrap_steps');
  const applied = new Set(rows.map((row) => row.name));
  const done: string[] = [];
  for (const step of steps) {
    if (applied.has(step.name)) continue;
    try {
      await sql.exec(step.sql);
    } catch (error) {
      throw new Error(
        `Bootstrap step ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    await sql.query('insert into mason.bootstrap_steps (name) values ($1)', [step.name]);
    done.push(step.name);
  }
  return done;
}
