import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import { buildApp, type BuildAppOptions, type MasonApp } from '../app';
import type { RateLimits } from '@mason/server-auth';
import { type AppConfig, DEFAULT_RATE_LIMITS, loadConfig } from '../config/app-config';

export interface TestConfigOverrides extends Partial<Omit<AppConfig, 'rateLimits'>> {
  rateLimits?: Partial<RateLimits>;
}

/** The configuration of a server under test: no web app, outbox exposed, X-Forwarded-For trusted (tests pick their IP). */
export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const base = loadConfig({});
  return {
    ...base,
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://mason.test',
    webDist: null,
    exposeOutbox: true,
    trustProxy: true,
    logLevel: 'silent',
    // A fixed key: tests never write a key file into the working copy.
    secretKey: Buffer.alloc(32, 7).toString('base64'),
    // No AI provider unless a test configures one (the scripted model server).
    agent: {},
    turnLeaseSeconds: 2,
    workerConcurrency: 2,
    ...overrides,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON, or undefined when empty. */
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** A raw body (sent as is with content-type application/json). */
  rawBody?: string;
  token?: string;
  /** The caller's IP address (X-Forwarded-For; the test server trusts it). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: MasonApp;
  config: AppConfig;
  baseUrl: string;
  request: <T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ) => Promise<ApiResponse<T>>;
  close: () => Promise<void>;
}

/** Calls a listening server over real HTTP. `path` is absolute ('/api/config'). */
export function httpClient(baseUrl: string) {
  return async function request<T = unknown>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text || undefined;
    if (text && (response.headers.get('content-type') ?? '').includes('application/json'))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T };
  };
}

/** Starts a server on a free port over its own database (see app options), for one test file. */
export async function startServer(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<TestServer> {
  const app = await buildApp(config, { logger: false, ...options });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no port.');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return { app, config, baseUrl, request: httpClient(baseUrl), close: () => app.close() };
}

export interface TestApp extends TestServer {
  database: TestDatabase;
}

/** A server over a fresh test database (PGlite, or PostgreSQL with TEST_DATABASE_URL). */
export async function startTestApp(
  overrides: TestConfigOverrides = {},
  options: BuildAppOptions = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  try {
    const server = await startServer(testConfig(overrides), { database, ...options });
    return {
      ...server,
      database,
      close: async () => {
        await server.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
