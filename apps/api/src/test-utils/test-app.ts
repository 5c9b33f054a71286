import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@mason/server-db/testing';
import {
  type ApiResponse,
  asCaller,
  type AuthenticatedClient,
  httpClient,
  type RequestFn,
  type RequestOptions,
} from '@mason/server-testing';
import { buildApp, type BuildAppOptions, type MasonApp } from '../app';
import type { RateLimits } from '@mason/server-auth';
import { type AppConfig, DEFAULT_RATE_LIMITS, loadConfig } from '@mason/server-config';

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
    // Long enough that a busy machine never starves a live turn of its heartbeat (one third of
    // it): a lost lease would restart the turn, and a second loss fail it.
    turnLeaseSeconds: 10,
    workerConcurrency: 2,
    // Mason's window captures no thumbnails in tests, but the one test of them (e2e).
    thumbnails: false,
    // Pushed projects' bare repositories go to the temp folder, never into the working copy.
    gitDir: path.join(os.tmpdir(), 'mason-test-git'),
    // Apps' databases (made only when a test turns one on) in a folder of the server's own.
    appData: {
      appDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'mason-app-data-')),
      appsDatabaseUrl: null,
      // Attach tests reach the test run's PostgreSQL server on loopback, Supabase's too.
      attach: {
        allowLoopback: true,
        supabaseHost: { host: '127.0.0.1', port: 5432, ssl: 'disable' },
      },
    },
    ...overrides,
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...overrides.rateLimits },
  };
}

// One request helper for every spec (server-testing's): `request(method, path, options)` and
// `as(token).get/post/put/patch/delete(path, body?)`.
export { httpClient };
export type { ApiResponse, AuthenticatedClient, RequestOptions };

export interface TestServer {
  app: MasonApp;
  config: AppConfig;
  baseUrl: string;
  request: RequestFn;
  /** The requests of the person holding `token` (absolute paths: '/api/projects'). */
  as: (token: string) => AuthenticatedClient;
  close: () => Promise<void>;
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
  const request = httpClient(baseUrl);
  return {
    app,
    config,
    baseUrl,
    request,
    as: (token) => asCaller(request, token),
    close: () => app.close(),
  };
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
