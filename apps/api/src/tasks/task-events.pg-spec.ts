// Runs only in the PostgreSQL pass (`nx run api:test-pg`): the event bus between processes.
import { createTestDatabaseTarget, type TestDatabaseTarget } from '@mason/server-db/testing';
import { requirePostgres } from '../test-utils/shared-database';
import { eventually } from '../test-utils/waits';
import { PostgresTaskEventBus, type TaskBusEvent } from '@mason/server-tasks';

describe('PostgresTaskEventBus', () => {
  let target: TestDatabaseTarget;
  const buses: PostgresTaskEventBus[] = [];
  const errors: unknown[] = [];

  beforeAll(async () => {
    requirePostgres();
    target = await createTestDatabaseTarget();
    const url = target.options.databaseUrl ?? '';
    for (let i = 0; i < 2; i++) {
      buses.push(await PostgresTaskEventBus.start(url, (error) => errors.push(error)));
    }
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await target?.dispose();
  });

  it('delivers the words of an answer to another process in the order they were written', async () => {
    const [writer, reader] = buses;
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
    const received: string[] = [];
    const stop = reader.subscribe('task-1', (event: TaskBusEvent) => {
      if (event.type === 'delta') received.push(event.text);
    });
    // As fast as a model writes them: one publish after the other, nothing awaited.
    for (const text of words) writer.publish('task-1', { type: 'delta', draftId: 'd1', text });
    await eventually('every word', async () =>
      received.length === words.length ? true : undefined,
    );
    stop();
    expect(received.join('')).toBe(words.join(''));
    expect(errors).toEqual([]);
  });
});
