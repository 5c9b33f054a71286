// Runs only in the PostgreSQL pass (`nx run api:test-pg`): a deployment with two replicas starts
// two Mason processes at the same moment on a fresh database. Both must come up; before the
// start-up lock, one of them could die with "deadlock detected" while the other created the job
// queue.
import type { ClientConfig } from '@mason/contract';
import { createTestDatabaseTarget } from '@mason/server-db/testing';
import { buildServer, type BuiltServer, type ServerProcess } from './test-utils/server-process';
import { requirePostgres } from './test-utils/shared-database';
import { SERVER_WAIT_TIMEOUT_MS } from './test-utils/waits';

/** Fresh databases, one after the other: the race is not there every time. */
const ROUNDS = 5;

describe('two Mason processes started at once on a fresh PostgreSQL database', () => {
  let server: BuiltServer;

  beforeAll(async () => {
    requirePostgres();
    server = await buildServer();
  });
  afterAll(async () => {
    await server?.dispose();
  });

  it(
    'both come up and answer /api/config, on every fresh database',
    async () => {
      for (let round = 1; round <= ROUNDS; round++) {
        const target = await createTestDatabaseTarget();
        const databaseUrl = target.options.databaseUrl ?? '';
        let processes: ServerProcess[] = [];
        try {
          processes = await Promise.all(
            [1, 2].map(() => server.start({ DATABASE_URL: databaseUrl })),
          );
          const outcomes = await Promise.all(
            processes.map(async ({ start }) => {
              if (!start.ready)
                return `round ${round}: ended (${start.exitCode}):\n${start.output()}`;
              const response = await fetch(`${start.baseUrl}/api/config`);
              const config = (await response.json()) as ClientConfig;
              return `round ${round}: ${response.status}, signups ${config.signupsOpen ? 'open' : 'closed'}`;
            }),
          );
          expect(outcomes).toEqual([
            `round ${round}: 200, signups open`,
            `round ${round}: 200, signups open`,
          ]);
        } finally {
          await Promise.all(processes.map((started) => started.stop()));
          await target.dispose();
        }
      }
    },
    ROUNDS * SERVER_WAIT_TIMEOUT_MS,
  );
});
