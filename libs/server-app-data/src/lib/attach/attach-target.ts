// What a person typed to attach a database, read into where and how Mason connects. Pure: no
// network (the address guard and the connection check come after).
import type { DatabaseAttachRequest } from '@mason/contract';
import { AttachRefused } from './attach-refused';

/** How the connection is encrypted: libpq's sslmode, the three Mason accepts. */
export type SslMode = 'disable' | 'require' | 'verify-full';

/** Where Mason connects to reach a Supabase project's database from its reference. */
export interface SupabaseDatabaseHost {
  /** The host name, `{ref}` replaced by the project's reference (default `db.{ref}.supabase.co`). */
  readonly host: string;
  readonly port: number;
  readonly ssl: SslMode;
  /** The user and database of a Supabase project's direct connection (both `postgres`). */
  readonly user?: string;
  readonly database?: string;
}

export const SUPABASE_DATABASE_HOST: SupabaseDatabaseHost = {
  host: 'db.{ref}.supabase.co',
  port: 5432,
  ssl: 'require',
};

/** An attached database: what Mason stores sealed, and connects with. */
export interface AttachTarget {
  readonly provider: 'SUPABASE' | 'POSTGRES';
  readonly host: string;
  readonly port: number;
  readonly user: string;
  readonly password: string;
  readonly database: string;
  readonly ssl: SslMode;
  /** A Supabase project's own address and public key (what its app reads it with). */
  readonly supabase: {
    readonly projectRef: string;
    readonly projectUrl: string;
    readonly anonKey: string;
  } | null;
}

/** A Supabase project's reference: 20 lower-case letters (its URL's first label). */
const PROJECT_REF = /^[a-z0-9]{20}$/;
const SUPABASE_URL_EXAMPLE = 'https://abcdefghijklmnopqrst.supabase.co';

/** An attach request with everything in it (a connected account's project already looked up). */
export type DirectAttachRequest = Exclude<DatabaseAttachRequest, { provider: 'SUPABASE_ACCOUNT' }>;

export function readAttachRequest(
  request: DirectAttachRequest,
  supabaseHost: SupabaseDatabaseHost = SUPABASE_DATABASE_HOST,
): AttachTarget {
  return request.provider === 'SUPABASE'
    ? readSupabase(request, supabaseHost)
    : readConnectionUrl(request.connectionUrl);
}

function readSupabase(
  request: Extract<DirectAttachRequest, { provider: 'SUPABASE' }>,
  supabaseHost: SupabaseDatabaseHost,
): AttachTarget {
  const url = parseUrl(request.projectUrl);
  const ref = url?.hostname.endsWith('.supabase.co') ? url.hostname.split('.')[0] : undefined;
  if (
    !url ||
    url.protocol !== 'https:' ||
    !ref ||
    !PROJECT_REF.test(ref) ||
    url.hostname.split('.').length !== 3
  )
    throw new AttachRefused(
      `Enter the project URL from Supabase’s API settings, like ${SUPABASE_URL_EXAMPLE}.`,
      'projectUrl',
    );
  checkAnonKey(request.anonKey, ref);
  return {
    provider: 'SUPABASE',
    host: supabaseHost.host.replaceAll('{ref}', ref),
    port: supabaseHost.port,
    user: supabaseHost.user ?? 'postgres',
    password: request.databasePassword,
    database: supabaseHost.database ?? 'postgres',
    ssl: supabaseHost.ssl,
    supabase: { projectRef: ref, projectUrl: `https://${url.hostname}`, anonKey: request.anonKey },
  };
}

/**
 * The key the app will carry in its bundle must be the public one: a legacy anon JWT of this
 * project, or a new publishable key. A service role or secret key bypasses row rules: refused.
 */
function checkAnonKey(key: string, ref: string) {
  if (key.startsWith('sb_publishable_')) return;
  if (key.startsWith('sb_secret_')) throw secretKey();
  const claims = jwtClaims(key);
  if (!claims)
    throw new AttachRefused(
      'That is not a Supabase API key. Copy the anon (public) key from the project’s API settings.',
      'anonKey',
    );
  if (claims['role'] === 'service_role') throw secretKey();
  if (claims['role'] !== 'anon')
    throw new AttachRefused('That key is not the project’s anon (public) key.', 'anonKey');
  if (typeof claims['ref'] === 'string' && claims['ref'] !== ref)
    throw new AttachRefused(
      `That anon key belongs to another Supabase project (${claims['ref']}), not ${ref}.`,
      'anonKey',
    );
}

const secretKey = () =>
  new AttachRefused(
    'That is the service role (secret) key: it bypasses every row rule and must never reach the app. Paste the anon (public) key.',
    'anonKey',
  );

function jwtClaims(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const CONNECTION_URL_EXAMPLE = 'postgres://user:password@host:5432/database';
const SSL_MODES: Record<string, SslMode> = {
  disable: 'disable',
  require: 'require',
  'verify-full': 'verify-full',
};

function readConnectionUrl(text: string): AttachTarget {
  const refuse = (message: string) => new AttachRefused(message, 'connectionUrl');
  const url = parseUrl(text);
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:'))
    throw refuse(`Enter a PostgreSQL connection URL, like ${CONNECTION_URL_EXAMPLE}.`);
  if (!url.hostname) throw refuse('The connection URL needs the database server’s host.');
  const user = decodeURIComponent(url.username);
  if (!user)
    throw refuse(
      'The connection URL needs a user name, like postgres://user:password@host/database.',
    );
  const port = url.port ? Number(url.port) : 5432;
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  if (database.includes('/'))
    throw refuse('The connection URL names one database: host:port/database.');
  let ssl: SslMode = 'require';
  for (const [name, value] of url.searchParams) {
    if (name !== 'sslmode')
      throw refuse(`Mason reads only sslmode from a connection URL’s options, not ${name}.`);
    const mode = SSL_MODES[value];
    if (!mode) throw refuse('sslmode must be disable, require or verify-full.');
    ssl = mode;
  }
  return {
    provider: 'POSTGRES',
    // URL keeps an IPv6 literal in brackets; a connection takes it bare.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    user,
    password: decodeURIComponent(url.password),
    database,
    ssl,
    supabase: null,
  };
}

function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
