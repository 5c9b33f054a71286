import { createHash } from 'node:crypto';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import type { BannerConfig } from '@mason/contract';
import type { AgentConfig, TurnLimits } from '@mason/server-agent';
import { AgentConfigError, agentConfigFromEnv } from '@mason/server-agent';
import type { RateLimits } from '@mason/server-auth';
import { billingSettingsFromEnv, type BillingSettings } from '@mason/server-billing';
import { githubConfigFromEnv, type GithubConfig } from '@mason/server-code-hosting';
import { supabaseConfigFromEnv, type SupabaseConfig } from '@mason/server-supabase';
import { openRouterConfigFromEnv, type OpenRouterConfig } from '@mason/server-open-router';
import type { DatabaseOptions } from '@mason/server-db';
import { ConfigError } from '@mason/server-http';

export { ConfigError };

/** The AI providers; a configuration they cannot run with stops Mason with what to set. */
function agentFromEnv(env: Record<string, string | undefined>): AgentConfig {
  try {
    return agentConfigFromEnv(env);
  } catch (error) {
    if (error instanceof AgentConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

export interface AppConfig {
  port: number;
  host: string;
  /** PGlite data folder or PostgreSQL URL (see @mason/server-db). */
  database: DatabaseOptions;
  /** Where people reach Mason: links in e-mails start with it. No trailing slash. */
  publicUrl: string;
  /** nodemailer transport URL (smtp://user:pass@host:587); null: e-mails go to the outbox. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Where people write about a problem with their account (SUPPORT_EMAIL; default: MAIL_FROM's). */
  supportEmail: string;
  /** Google sign-in's OAuth client id; null: Google sign-in is off. */
  googleClientId: string | null;
  googleJwksUrl: string;
  signupsOpen: boolean;
  /** MASON_THUMBNAILS (default on): Mason's window captures previews for the project cards. */
  thumbnails: boolean;
  banner: BannerConfig | null;
  analytics: { key: string; host: string } | null;
  /** The built web app; null: no web app is served (API only). */
  webDist: string | null;
  /** Serve GET /api/dev/outbox (for end-to-end tests). Never in production. */
  exposeOutbox: boolean;
  /** Trust X-Forwarded-For (behind a reverse proxy) to know the caller's IP address. */
  trustProxy: boolean;
  logLevel: string;
  rateLimits: RateLimits;
  /** The AI providers and their keys (ANTHROPIC_API_KEY, OPENROUTER_API_KEY, LLM_BASE_URL, …). */
  agent: AgentConfig;
  /** The bounds of one turn of the assistant. */
  turnLimits: TurnLimits;
  /** The payment provider, its keys, and the effective price table. */
  billing: BillingSettings;
  /**
   * The key that encrypts project environment variables (32 bytes, base64 or hex, MASON_SECRET_KEY).
   * Without it, a key is made once and kept in secretKeyFile.
   */
  secretKey: string | null;
  secretKeyFile: string;
  /** Each linked project's bare repository of the commits Mason pushes: `{DATA_DIR}/git`. */
  gitDir: string;
  /**
   * Where apps keep their data (issue 34): a PGlite per project and environment under
   * `appDataDir`, or a database per project and environment on `appsDatabaseUrl`
   * (APPS_DATABASE_URL; DATABASE_URL's server when unset).
   */
  appData: {
    appDataDir: string;
    appsDatabaseUrl: string | null;
    /**
     * Attaching a database service: DATABASE_ATTACH_ALLOW_LOOPBACK (default off; tests only) lets
     * 127.0.0.1 and ::1 through (private and link-local stay refused); a Supabase project's
     * database is reached at SUPABASE_DATABASE_HOST (`{ref}` its reference, default
     * db.{ref}.supabase.co), SUPABASE_DATABASE_PORT (5432), SUPABASE_DATABASE_SSLMODE (require).
     */
    attach: {
      allowLoopback: boolean;
      supabaseHost: {
        host: string;
        port: number;
        ssl: 'disable' | 'require' | 'verify-full';
        /** The direct connection's user and database (default `postgres`; tests set their own). */
        user?: string;
        database?: string;
      };
    };
  };
  /** Previews are served on `{protocol}//p-{projectId}….{previewDomain}` (PREVIEW_DOMAIN). */
  previewDomain: string;
  previewProtocol: 'http:' | 'https:';
  /** Published apps are served on `{appsProtocol}//{slug}.{appsDomain}/` (APPS_DOMAIN). */
  appsDomain: string;
  appsProtocol: 'http:' | 'https:';
  /** Run turns of the assistant in this process (WORKER=false: API only). */
  worker: boolean;
  /** Turns this process runs at once. */
  workerConcurrency: number;
  /** A running turn's claim lasts this long without a heartbeat; then another worker takes it over. */
  turnLeaseSeconds: number;
  /** An unreferenced blob is collected once it was last written this long ago. */
  blobGraceSeconds: number;
  /** The most a project may hold, its newest files and its uploads together (PROJECT_MAX_BYTES). */
  projectMaxBytes: number;
  customDomains: CustomDomainsConfig;
  /**
   * The GitHub OAuth App people connect their accounts through (GITHUB_CLIENT_ID,
   * GITHUB_CLIENT_SECRET, GITHUB_API_URL); null: code hosting is off.
   */
  github: GithubConfig | null;
  /**
   * The Supabase OAuth app people connect their Supabase accounts through (SUPABASE_CLIENT_ID,
   * SUPABASE_CLIENT_SECRET, SUPABASE_API_URL); null: no account connects, projects attach by keys.
   */
  supabase: SupabaseConfig | null;
  /**
   * Where people's own OpenRouter accounts are reached (OPENROUTER_AUTH_URL, the authorize page;
   * OPENROUTER_BASE_URL, the API: the key exchange and their turns). Always set: OpenRouter's
   * OAuth PKCE flow needs no app of Mason's.
   */
  openRouter: OpenRouterConfig;
  /**
   * GIT_IMPORT_ALLOW_LOOPBACK (default off; tests only): imports may clone from 127.0.0.1 and
   * ::1, where tests run their git servers. Private and link-local addresses stay refused.
   */
  gitImportAllowLoopback: boolean;
  /**
   * MCP_ALLOW_LOOPBACK (default off; tests only): MCP servers may be on 127.0.0.1 and ::1, where
   * tests run theirs. Private, link-local and reserved addresses stay refused.
   */
  mcpAllowLoopback: boolean;
}

/** How custom domains point at Mason and are checked over DNS. */
export interface CustomDomainsConfig {
  /** APPS_IPV4 / APPS_IPV6: domains point here with A / AAAA records; null: with a CNAME to APPS_DOMAIN. */
  appsIpv4: string | null;
  appsIpv6: string | null;
  /** DNS_SERVERS: the servers the checks ask (`host:port`); empty: the system's. */
  dnsServers: string[];
  /** DOMAIN_CHECK_MINUTES: how often domains are checked again in the background; 0: never. */
  checkIntervalSeconds: number;
  /** How long an ACTIVE domain whose records went missing is still served. */
  graceSeconds: number;
}

export const DEFAULT_PORT = 4200;
export const DEFAULT_GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const DEFAULT_POSTHOG_HOST = 'https://us.i.posthog.com';
export const DEFAULT_BANNER = {
  text: 'Mason shuts down at the end of October 2025. Move your projects before then.',
  linkText: 'Read the migration guide',
  href: 'https://mason.dev/migration-guide',
} as const;

/** DOMAIN_CHECK_MINUTES: custom domains are checked again every 10 minutes. */
export const DEFAULT_DOMAIN_CHECK_MINUTES = 10;
/** An ACTIVE domain whose records went missing is served 72 hours more (a DNS hiccup is not a move). */
export const DOMAIN_GRACE_SECONDS = 72 * 60 * 60;

/** PROJECT_MAX_BYTES: 100 MB of files and uploads per project. */
export const DEFAULT_PROJECT_MAX_BYTES = 100 * 1024 * 1024;

export const DEFAULT_TURN_LIMITS: TurnLimits = {
  maxSteps: 40,
  maxRepairs: 3,
  approvalSteps: 30,
  approvalTokens: 1_500_000,
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  loginFailuresPerAccountAnywhere: { max: 20, windowSeconds: 60 * 60 },
  loginFailuresPerIp: { max: 50, windowSeconds: 15 * 60 },
  signupsPerIp: { max: 10, windowSeconds: 60 * 60 },
  passwordResetsPerIp: { max: 20, windowSeconds: 60 * 60 },
  passwordResetsPerEmail: { max: 5, windowSeconds: 60 * 60 },
  verificationMailsPerAccount: { max: 5, windowSeconds: 60 * 60 },
  emailChangesPerAccount: { max: 5, windowSeconds: 60 * 60 },
};

export const DEFAULT_MAIL_FROM = 'Mason <no-reply@localhost>';

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const value = text(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(value)) return true;
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false (it is "${env[name]}").`);
}

function port(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535 (it is "${value}").`);
  }
  return parsed;
}

function sslMode(env: Env, name: string): 'disable' | 'require' | 'verify-full' {
  const value = text(env, name) ?? 'require';
  if (value === 'disable' || value === 'require' || value === 'verify-full') return value;
  throw new ConfigError(`${name} must be disable, require or verify-full (got ${value}).`);
}

function count(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new ConfigError(`${name} must be a whole number of at least 1 (it is "${value}").`);
  return parsed;
}

function url(env: Env, name: string, fallback: string): string {
  const value = text(env, name) ?? fallback;
  try {
    new URL(value);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL (it is "${value}").`);
  }
  return value.replace(/\/+$/, '');
}

function address(env: Env, name: string, valid: (value: string) => boolean, kind: string) {
  const value = text(env, name);
  if (value === undefined) return null;
  if (!valid(value))
    throw new ConfigError(`${name} must be an ${kind} address (it is "${value}").`);
  return value;
}

function minutes(env: Env, name: string, fallback: number): number {
  const value = text(env, name);
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new ConfigError(
      `${name} must be a whole number of minutes, 0 for never (it is "${value}").`,
    );
  return parsed;
}

/** DNS_SERVERS: IP addresses with optional ports (`127.0.0.1:5353`, `[::1]:53`, `1.1.1.1`), by commas. */
function dnsServers(env: Env, name: string): string[] {
  const value = text(env, name);
  if (value === undefined) return [];
  return value.split(',').map((entry) => {
    const server = entry.trim();
    const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(server) ?? /^([^:]+)(?::(\d+))?$/.exec(server);
    const host = match?.[1] ?? server;
    const portText = match?.[2];
    const portOk = portText === undefined || (Number(portText) >= 1 && Number(portText) <= 65535);
    if (!isIP(host) || !portOk)
      throw new ConfigError(
        `${name} must be IP addresses with an optional port, separated by commas, like 127.0.0.1:5353 (it is "${value}").`,
      );
    return server;
  });
}

/** The bare address of a sender ('Mason <hello@mason.dev>' -> 'hello@mason.dev'). */
function addressOf(sender: string): string {
  return /<([^<>]+)>\s*$/.exec(sender)?.[1]?.trim() ?? sender.trim();
}

/** The banner's id changes with its content, so a new announcement shows again after a dismissal. */
export function bannerConfig(textValue: string, linkText: string, href: string): BannerConfig {
  const id = createHash('sha256')
    .update(`${textValue}\n${linkText}\n${href}`)
    .digest('hex')
    .slice(0, 12);
  return { id, text: textValue, linkText, href };
}

/** Reads the server's configuration from environment variables (see apps/api/README.md). */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const listenPort = port(env, 'PORT', DEFAULT_PORT);
  const databaseUrl = text(env, 'DATABASE_URL');
  const bannerText =
    env['BANNER_TEXT'] === undefined ? DEFAULT_BANNER.text : env['BANNER_TEXT'].trim();
  const posthogKey = text(env, 'POSTHOG_KEY');
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? '.data');
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${listenPort}`);
  const mailFrom = text(env, 'MAIL_FROM') ?? DEFAULT_MAIL_FROM;
  return {
    port: listenPort,
    host: text(env, 'HOST') ?? 'localhost',
    database: databaseUrl ? { databaseUrl } : { dataDir },
    publicUrl,
    smtpUrl: text(env, 'SMTP_URL') ?? null,
    mailFrom,
    supportEmail: text(env, 'SUPPORT_EMAIL') ?? addressOf(mailFrom),
    googleClientId: text(env, 'GOOGLE_CLIENT_ID') ?? null,
    googleJwksUrl: url(env, 'GOOGLE_JWKS_URL', DEFAULT_GOOGLE_JWKS_URL),
    signupsOpen: bool(env, 'SIGNUPS_OPEN', true),
    thumbnails: bool(env, 'MASON_THUMBNAILS', true),
    banner: bannerText
      ? bannerConfig(
          bannerText,
          text(env, 'BANNER_LINK_TEXT') ?? DEFAULT_BANNER.linkText,
          text(env, 'BANNER_URL') ?? DEFAULT_BANNER.href,
        )
      : null,
    analytics: posthogKey
      ? { key: posthogKey, host: url(env, 'POSTHOG_HOST', DEFAULT_POSTHOG_HOST) }
      : null,
    webDist: path.resolve(cwd, text(env, 'WEB_DIST') ?? 'dist/apps/web'),
    exposeOutbox: bool(env, 'EXPOSE_OUTBOX', false),
    trustProxy: bool(env, 'TRUST_PROXY', false),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      signupsPerIp: {
        ...DEFAULT_RATE_LIMITS.signupsPerIp,
        max: count(env, 'SIGNUPS_PER_IP_PER_HOUR', DEFAULT_RATE_LIMITS.signupsPerIp.max),
      },
    },
    agent: agentFromEnv(env),
    turnLimits: {
      maxSteps: count(env, 'TURN_MAX_STEPS', DEFAULT_TURN_LIMITS.maxSteps),
      maxRepairs: count(env, 'TURN_MAX_REPAIRS', DEFAULT_TURN_LIMITS.maxRepairs),
      approvalSteps: count(env, 'TURN_APPROVAL_STEPS', DEFAULT_TURN_LIMITS.approvalSteps),
      approvalTokens: count(env, 'TURN_APPROVAL_TOKENS', DEFAULT_TURN_LIMITS.approvalTokens),
    },
    billing: billingSettingsFromEnv(env),
    secretKey: text(env, 'MASON_SECRET_KEY') ?? null,
    secretKeyFile: path.resolve(
      cwd,
      text(env, 'SECRET_KEY_FILE') ?? path.join(dataDir, 'secret.key'),
    ),
    gitDir: path.join(dataDir, 'git'),
    appData: {
      appDataDir: dataDir,
      appsDatabaseUrl: text(env, 'APPS_DATABASE_URL') ?? databaseUrl ?? null,
      attach: {
        allowLoopback: bool(env, 'DATABASE_ATTACH_ALLOW_LOOPBACK', false),
        supabaseHost: {
          host: text(env, 'SUPABASE_DATABASE_HOST') ?? 'db.{ref}.supabase.co',
          port: port(env, 'SUPABASE_DATABASE_PORT', 5432),
          ssl: sslMode(env, 'SUPABASE_DATABASE_SSLMODE'),
        },
      },
    },
    previewDomain: text(env, 'PREVIEW_DOMAIN') ?? `localhost:${listenPort}`,
    previewProtocol: new URL(publicUrl).protocol === 'https:' ? 'https:' : 'http:',
    appsDomain: (text(env, 'APPS_DOMAIN') ?? `apps.localhost:${listenPort}`).toLowerCase(),
    appsProtocol: new URL(publicUrl).protocol === 'https:' ? 'https:' : 'http:',
    worker: bool(env, 'WORKER', true),
    workerConcurrency: count(env, 'WORKER_CONCURRENCY', 4),
    turnLeaseSeconds: count(env, 'TURN_LEASE_SECONDS', 30),
    blobGraceSeconds: 60 * 60,
    projectMaxBytes: count(env, 'PROJECT_MAX_BYTES', DEFAULT_PROJECT_MAX_BYTES),
    customDomains: {
      appsIpv4: address(env, 'APPS_IPV4', isIPv4, 'IPv4'),
      appsIpv6: address(env, 'APPS_IPV6', isIPv6, 'IPv6'),
      dnsServers: dnsServers(env, 'DNS_SERVERS'),
      checkIntervalSeconds: minutes(env, 'DOMAIN_CHECK_MINUTES', DEFAULT_DOMAIN_CHECK_MINUTES) * 60,
      graceSeconds: DOMAIN_GRACE_SECONDS,
    },
    github: githubConfigFromEnv(env),
    supabase: supabaseConfigFromEnv(env),
    openRouter: openRouterConfigFromEnv(env),
    gitImportAllowLoopback: bool(env, 'GIT_IMPORT_ALLOW_LOOPBACK', false),
    mcpAllowLoopback: bool(env, 'MCP_ALLOW_LOOPBACK', false),
  };
}
