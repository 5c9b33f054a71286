import { InProcessJobQueue } from './in-process-queue';
import type { JobLog, JobSource } from './job-queue';

/** A source over an in-memory list: jobs are claimed once, run until released by the test. */
function memorySource() {
  const queued: string[] = [];
  const running = new Map<string, () => void>();
  const done: string[] = [];
  let stopped = 0;
  const source: JobSource = {
    async claimable(limit) {
      return queued.splice(0, limit);
    },
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
      stopped++;
      for (const finish of [...running.values()]) finish();
    },
  };
  return { source, queued, running, done, stopsAsked: () => stopped };
}

const log = { warn: jest.fn(), error: jest.fn() };

/** A queue over the source; its timer sweeps rarely, so a test sees only what wakes it. */
const queueOver = (source: JobSource | null, concurrency = 1, queueLog: JobLog = log) =>
  new InProcessJobQueue({ kind: 'test', source, concurrency, sweepMs: 60_000, log: queueLog });

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('InProcessJobQueue', () => {
  it('runs a queued job when woken, and no more at once than its concurrency', async () => {
    const memory = memorySource();
    const queue = queueOver(memory.source, 2);
    await queue.start();
    memory.queued.push('a', 'b', 'c');
    await queue.wake('a');
    await until(() => memory.running.size === 2);
    expect([...memory.running.keys()]).toEqual(['a', 'b']);
    expect(memory.queued).toEqual(['c']);

    // A finished job frees its slot: the next one runs without another wake.
    memory.running.get('a')?.();
    await until(() => memory.running.has('c'));
    expect(memory.done).toEqual(['a']);
    await queue.close();
  });

  it('runs a woken job at once, before the source lists it, and only once', async () => {
    const memory = memorySource();
    const looks: number[] = [];
    let listed = false;
    const runs: string[] = [];
    const source: JobSource = {
      ...memory.source,
      run: (id) => {
        runs.push(id);
        return memory.source.run(id);
      },
      // The source lists the job only after it was woken (as a turn not claimed yet).
      claimable: async (limit) => {
        looks.push(limit);
        return listed ? ['now'] : [];
      },
    };
    const queue = queueOver(source, 2);
    await queue.start();
    listed = true;
    await queue.wake('now');
    expect([...memory.running.keys()]).toEqual(['now']);
    await until(() => looks.length >= 2);
    // The sweep after the wake saw the job, still listed, and left it to its run.
    memory.running.get('now')?.();
    await until(() => memory.done.length === 1);
    expect(runs).toEqual(['now']);
    await queue.close();
  });

  it('picks up jobs that were queued before it started (left by a crash)', async () => {
    const memory = memorySource();
    memory.queued.push('left-over');
    const queue = queueOver(memory.source, 1);
    await queue.start();
    await until(() => memory.running.has('left-over'));
    await queue.close();
  });

  it('on close, asks running jobs to stop and waits for them', async () => {
    const memory = memorySource();
    const queue = queueOver(memory.source, 1);
    await queue.start();
    memory.queued.push('long');
    await queue.wake('long');
    await until(() => memory.running.has('long'));
    await queue.close();
    expect(memory.stopsAsked()).toBe(1);
    expect(memory.done).toEqual(['long']);
  });

  it('runs nothing in a process without a source (API only)', async () => {
    const queue = queueOver(null);
    await queue.start();
    await expect(queue.wake('x')).resolves.toBeUndefined();
    await queue.close();
  });

  it('logs a source that cannot be read, and keeps going', async () => {
    const memory = memorySource();
    let fail = true;
    const source: JobSource = {
      ...memory.source,
      claimable: async (limit) => {
        if (fail) throw new Error('database gone');
        return memory.source.claimable(limit);
      },
    };
    const warn = jest.fn();
    const queue = queueOver(source, 1, { warn, error: jest.fn() });
    await queue.start();
    await until(() => warn.mock.calls.length > 0);
    expect(warn.mock.calls[0]?.[1]).toBe('Could not look for queued jobs');
    fail = false;
    memory.queued.push('after');
    await queue.wake('after');
    await until(() => memory.running.has('after'));
    await queue.close();
  });
});
