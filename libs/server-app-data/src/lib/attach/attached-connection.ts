// Connecting to an attached database: its address checked (public only) and pinned, TLS as its
// sslmode says, a bounded wait. `checkAttachTarget` is the attach's proof that the database
// answers and lets Mason in; its refusals say why in the person's words.
import { ErrorMessages } from '@mason/contract';
import pg from 'pg';
import { publicAddressOf, type AddressGuardOptions } from './address-guard';
import { AttachRefused, type AttachField } from './attach-refused';
import type { AttachTarget } from './attach-target';

export interface AttachConnectOptions extends AddressGuardOptions {
  /** How long connecting may take before the attach is refused (default 10 s). */
  readonly connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** The field a connection's refusal is shown at. */
const fieldOf = (target: AttachTarget, failure: 'password' | 'address'): AttachField =>
  target.provider === 'POSTGRES'
    ? 'connectionUrl'
    : failure === 'password'
      ? 'databasePassword'
      : 'projectUrl';

function sslOf(target: AttachTarget): pg.ClientConfig['ssl'] {
  switch (target.ssl) {
    case 'disable':
      return false;
    case 'require':
      // Encrypted, the certificate not checked (libpq's sslmode=require).
      return { rejectUnauthorized: false, servername: target.host };
    case 'verify-full':
      return { rejectUnauthorized: true, servername: target.host };
  }
}

/** The driver's settings for the target, connected to `address` (the host, resolved and checked). */
async function clientConfig(
  target: AttachTarget,
  options: AttachConnectOptions,
): Promise<pg.ClientConfig> {
  const address = await publicAddressOf(target.host, fieldOf(target, 'address'), options);
  const timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return {
    host: address,
    port: target.port,
    user: target.user,
    password: target.password,
    database: target.database,
    ssl: sslOf(target),
    connectionTimeoutMillis: timeoutMs,
    application_name: 'mason',
  };
}

/** A small pool on the attached database (its address checked now). */
export async function attachedPool(
  target: AttachTarget,
  options: AttachConnectOptions,
  max = 3,
): Promise<pg.Pool> {
  return new pg.Pool({ ...(await clientConfig(target, options)), max, pipeline: true });
}

/**
 * Connects once and asks the database who Mason is there; a Supabase project's database must have
 * Supabase's roles. Refuses with why: a wrong password is ErrorMessages.databasePasswordInvalid.
 */
export async function checkAttachTarget(
  target: AttachTarget,
  options: AttachConnectOptions,
): Promise<void> {
  const config = await clientConfig(target, options);
  const client = new pg.Client({ ...config, query_timeout: config.connectionTimeoutMillis });
  client.on('error', () => undefined);
  try {
    await client.connect();
    if (target.supabase) {
      const { rows } = await client.query<{ count: string }>(
        `select count(*) as count from pg_roles where rolname in ('anon', 'authenticated')`,
      );
      if (Number(rows[0]?.count) !== 2)
        throw new AttachRefused(
          'That database has no anon and authenticated roles: it is not a Supabase project’s database.',
          fieldOf(target, 'address'),
        );
    }
  } catch (error) {
    throw error instanceof AttachRefused
      ? error
      : refusal(error, target, config.connectionTimeoutMillis ?? DEFAULT_CONNECT_TIMEOUT_MS);
  } finally {
    await client.end().catch(() => undefined);
  }
}

function refusal(error: unknown, target: AttachTarget, timeoutMs: number): AttachRefused {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  const where = `${target.host}:${target.port}`;
  const at = (failure: 'password' | 'address', text: string) =>
    new AttachRefused(text, fieldOf(target, failure));
  switch (code) {
    case '28P01':
      return at('password', ErrorMessages.databasePasswordInvalid);
    case '28000':
      return at(
        'password',
        `The database refused the user ${target.user}: ${message ?? ''}`.trim(),
      );
    case '3D000':
      return at('address', `There is no database named ${target.database} at ${where}.`);
    case 'ECONNREFUSED':
      return at('address', `Nothing answers at ${where}. Check the host and port.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return at('address', `Mason cannot reach ${where} from its network.`);
  }
  if (message === 'timeout expired' || /timeout/i.test(message ?? ''))
    return at(
      'address',
      `The database at ${where} did not answer within ${Math.round(timeoutMs / 1000)} s. Check the host and port, and that it accepts connections from outside.`,
    );
  if (message === 'The server does not support SSL connections')
    return at(
      'address',
      'That server does not accept encrypted connections. Add ?sslmode=disable to the URL only if it is on a network you trust.',
    );
  return at('address', `Mason could not connect to ${where}: ${message ?? 'no answer'}.`);
}
