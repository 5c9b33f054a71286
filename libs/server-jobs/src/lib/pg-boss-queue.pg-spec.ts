// Runs only in the PostgreSQL pass (`nx run server-jobs:test-pg`, which adds *.pg-spec.ts to
// jest's testMatch): pg-boss needs a PostgreSQL server.
import {
  createTestDatabaseTarget,
  testDatabaseUrl,
  type TestDatabaseTarget,
} from '@mason/server-db/testing';
import type { JobLog, JobSource } from './job-queue';
import { PgBossJobQueue } from './pg-boss-queue';

/** A source whose jobs run until the test releases them. */
function memorySource() {
  const running = new Map<string, () => void>();
  const done: string[] = [];
  const source: JobSource = {
    claimable: async () => [],
    run(id) {
      return new Promise<void>((resolve) => {
        running.set(id, () => {
          running.delete(id);
          done.push(id);
          resolve();
        });
      });
    },
    stopAll() {
      for (const finish of [...running.values()]) finish();
    },
  };
  return { source, running, done };
}

const log: JobLog = { warn: () => undefined, error: () => undefined };
/** Longer than any test: a job that waited for a poll or a sweep would never run in one. */
const HOUR_MS = 60 * 60 * 1000;

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('PgBossJobQueue (PostgreSQL)', () => {
  let target: TestDatabaseTarget;
  let url: string;
  const queues: PgBossJobQueue[] = [];
  const queue = (source: JobSource | null) => {
    const made = new PgBossJobQueue(url, {
      kind: 'test-job',
      source,
      concurrency: 1,
      sweepMs: HOUR_MS,
      pollMs: HOUR_MS,
      log,
    });
    queues.push(made);
    return made;
  };

  beforeAll(async () => {
    if (!testDatabaseUrl())
      throw new Error(
        'This test needs TEST_DATABASE_URL (run it with nx run server-jobs:test-pg).',
      );
    target = await createTestDatabaseTarget();
    url = target.options.databaseUrl ?? '';
  });
  afterEach(async () => {
    for (const made of queues.splice(0).reverse()) await made.close();
  });
  afterAll(async () => {
    await target?.dispose();
  });

  it('runs a woken job at once in this process, without waiting for the next poll', async () => {
    const memory = memorySource();
    const jobs = queue(memory.source);
    await jobs.start();

    // The first job leaves the worker idle, waiting for its next poll an hour away.
    await jobs.wake('first');
    await until(() => memory.running.has('first'));
    memory.running.get('first')?.();

    await jobs.wake('second');
    await until(() => memory.running.has('second'));
    memory.running.get('second')?.();
    expect(memory.done).toEqual(['first', 'second']);
  });

  it('a job queued by a process that runs none wakes the worker of another process', async () => {
    const memory = memorySource();
    const worker = queue(memory.source);
    const apiOnly = queue(null);
    await worker.start();
    await apiOnly.start();

    await apiOnly.wake('third');
    await until(() => memory.running.has('third'));
    memory.running.get('third')?.();

    await apiOnly.wake('fourth');
    await until(() => memory.running.has('fourth'));
    expect(memory.done).toEqual(['third']);
  });
});
