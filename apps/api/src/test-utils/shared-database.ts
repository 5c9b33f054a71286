import {
  createTestDatabaseTarget,
  testDatabaseUrl,
  type TestDatabaseTarget,
} from '@mason/server-db/testing';
import { asCaller, httpClient } from '@mason/server-testing';
import { startServer, testConfig, type TestConfigOverrides, type TestServer } from './test-app';

/** Fails a *.pg-spec.ts at once, saying how to run it, when no PostgreSQL server is given. */
export function requirePostgres(): void {
  if (!testDatabaseUrl())
    throw new Error('This test needs TEST_DATABASE_URL (run it with nx run api:test-pg).');
}

export interface SharedDatabaseServers {
  /** The servers, in the order of their overrides. */
  servers: TestServer[];
  target: TestDatabaseTarget;
  /** Closes every server, then drops the database. */
  close: () => Promise<void>;
}

/**
 * Several Mason servers in this process on one fresh PostgreSQL database, as a deployment's
 * processes share one. `atOnce` starts them at the same moment (replicas); otherwise one after
 * the other, in order.
 */
export async function startServersOnOneDatabase(
  overrides: readonly TestConfigOverrides[],
  { atOnce = false } = {},
): Promise<SharedDatabaseServers> {
  requirePostgres();
  const target = await createTestDatabaseTarget();
  const servers: TestServer[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.close()));
    await target.dispose();
  };
  const start = (override: TestConfigOverrides) =>
    startServer(testConfig({ ...override, database: target.options }));
  try {
    if (atOnce) servers.push(...(await Promise.all(overrides.map(start))));
    else for (const override of overrides) servers.push(await start(override));
  } catch (error) {
    await close();
    throw error;
  }
  return { servers, target, close };
}

/** `server` reached at another address (a proxy in front of it): requests go there. */
export function reachedAt(server: TestServer, baseUrl: string): TestServer {
  const request = httpClient(baseUrl);
  return { ...server, baseUrl, request, as: (token) => asCaller(request, token) };
}
