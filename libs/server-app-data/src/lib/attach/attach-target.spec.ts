import { ErrorMessages } from '@mason/contract';
import { AttachRefused } from './attach-refused';
import { readAttachRequest, SUPABASE_DATABASE_HOST } from './attach-target';

const REF = 'abcdefghijklmnopqrst';
const jwt = (claims: Record<string, unknown>) =>
  ['e30', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'sig'].join('.');
const supabase = (overrides: Record<string, string> = {}) => ({
  provider: 'SUPABASE' as const,
  projectUrl: `https://${REF}.supabase.co`,
  anonKey: jwt({ iss: 'supabase', ref: REF, role: 'anon' }),
  databasePassword: 'secret pass',
  ...overrides,
});
const postgres = (connectionUrl: string) => ({ provider: 'POSTGRES' as const, connectionUrl });

/** The refusal's message and field, or null when the request was read. */
function refusal(read: () => unknown): { message: string; field: string } | null {
  try {
    read();
    return null;
  } catch (error) {
    if (!(error instanceof AttachRefused)) throw error;
    return { message: error.message, field: error.field };
  }
}

describe('reading a Supabase project to attach', () => {
  it('connects to the project’s database as postgres, and keeps its URL and anon key for the app', () => {
    const target = readAttachRequest(supabase());
    expect(target).toEqual({
      provider: 'SUPABASE',
      host: `db.${REF}.supabase.co`,
      port: 5432,
      user: 'postgres',
      password: 'secret pass',
      database: 'postgres',
      ssl: 'require',
      supabase: {
        projectRef: REF,
        projectUrl: `https://${REF}.supabase.co`,
        anonKey: supabase().anonKey,
      },
    });
  });

  it('reaches the database where the setting says (a pooler, or a test’s server)', () => {
    const target = readAttachRequest(supabase(), {
      ...SUPABASE_DATABASE_HOST,
      host: 'pooler.example.net',
      port: 6543,
      user: 'tester',
    });
    expect(target).toMatchObject({ host: 'pooler.example.net', port: 6543, user: 'tester' });
  });

  it.each([
    ['http, not https', `http://${REF}.supabase.co`],
    ['another domain', `https://${REF}.example.com`],
    ['a short reference', 'https://abc.supabase.co'],
    ['a deeper name', `https://x.${REF}.supabase.co`],
    ['not a URL', 'my project'],
  ])('refuses a project URL that is %s, at the URL field', (_, projectUrl) => {
    expect(refusal(() => readAttachRequest(supabase({ projectUrl })))).toEqual({
      message: expect.stringContaining('https://abcdefghijklmnopqrst.supabase.co'),
      field: 'projectUrl',
    });
  });

  it('takes a publishable key as the anon key', () => {
    expect(
      refusal(() => readAttachRequest(supabase({ anonKey: 'sb_publishable_abc' }))),
    ).toBeNull();
  });

  it.each([
    ['the service role key', jwt({ ref: REF, role: 'service_role' })],
    ['a secret key', 'sb_secret_abc'],
  ])('refuses %s: it would bypass every row rule from the bundle', (_, anonKey) => {
    expect(refusal(() => readAttachRequest(supabase({ anonKey })))).toEqual({
      message: expect.stringContaining('must never reach the app'),
      field: 'anonKey',
    });
  });

  it('refuses another project’s anon key, and what is not a key', () => {
    expect(
      refusal(() =>
        readAttachRequest(
          supabase({ anonKey: jwt({ ref: 'zyxwvutsrqponmlkjihg', role: 'anon' }) }),
        ),
      ),
    ).toEqual({ message: expect.stringContaining('zyxwvutsrqponmlkjihg'), field: 'anonKey' });
    expect(refusal(() => readAttachRequest(supabase({ anonKey: 'hello' })))?.field).toBe('anonKey');
  });
});

describe('reading a PostgreSQL connection URL to attach', () => {
  it('reads user, password, host, port and database; encryption is required unless it says otherwise', () => {
    expect(readAttachRequest(postgres('postgres://ada:p%40ss@db.example.com:6432/notes'))).toEqual({
      provider: 'POSTGRES',
      host: 'db.example.com',
      port: 6432,
      user: 'ada',
      password: 'p@ss',
      database: 'notes',
      ssl: 'require',
      supabase: null,
    });
    expect(
      readAttachRequest(postgres('postgresql://ada@[2001:db8::1]/?sslmode=verify-full')),
    ).toMatchObject({ host: '2001:db8::1', port: 5432, database: 'ada', ssl: 'verify-full' });
    expect(
      readAttachRequest(postgres('postgres://ada@db.example.com/notes?sslmode=disable')).ssl,
    ).toBe('disable');
  });

  it.each([
    ['another scheme', 'mysql://ada@db.example.com/notes', 'PostgreSQL connection URL'],
    ['no user', 'postgres://db.example.com/notes', 'user name'],
    ['an option Mason does not read', 'postgres://ada@db.example.com/notes?host=/tmp', 'not host'],
    ['an unknown sslmode', 'postgres://ada@db.example.com/notes?sslmode=prefer', 'sslmode must'],
  ])('refuses a URL with %s, at the URL field', (_, url, words) => {
    expect(refusal(() => readAttachRequest(postgres(url)))).toEqual({
      message: expect.stringContaining(words),
      field: 'connectionUrl',
    });
  });

  it('never takes the password-catalogue message for a malformed URL', () => {
    expect(refusal(() => readAttachRequest(postgres('nonsense')))?.message).not.toBe(
      ErrorMessages.databasePasswordInvalid,
    );
  });
});
