import { ReadWriteLock } from './read-write-lock';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Lets every queued promise callback run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ReadWriteLock', () => {
  it('lets shared holders run together and an exclusive one wait for them', async () => {
    const lock = new ReadWriteLock();
    const events: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = lock.shared(async () => {
      events.push('a in');
      await first.promise;
      events.push('a out');
    });
    const b = lock.shared(async () => {
      events.push('b in');
      await second.promise;
      events.push('b out');
    });
    const c = lock.exclusive(async () => {
      events.push('c');
    });
    await settle();
    expect(events).toEqual(['a in', 'b in']);
    first.resolve();
    await a;
    await settle();
    expect(events).toEqual(['a in', 'b in', 'a out']);
    second.resolve();
    await Promise.all([b, c]);
    expect(events).toEqual(['a in', 'b in', 'a out', 'b out', 'c']);
    expect(lock.idle).toBe(true);
  });

  it('serves first come first: a shared request after a waiting exclusive one waits too', async () => {
    const lock = new ReadWriteLock();
    const events: string[] = [];
    const hold = deferred();
    const a = lock.shared(() => hold.promise.then(() => void events.push('a')));
    const b = lock.exclusive(async () => void events.push('b'));
    const c = lock.shared(async () => void events.push('c'));
    await settle();
    expect(events).toEqual([]);
    hold.resolve();
    await Promise.all([a, b, c]);
    expect(events).toEqual(['a', 'b', 'c']);
  });

  it('releases after a throw', async () => {
    const lock = new ReadWriteLock();
    await expect(
      lock.exclusive(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(lock.idle).toBe(true);
  });

  it('tryExclusive takes an idle lock at once and refuses a busy one', async () => {
    const lock = new ReadWriteLock();
    const release = lock.tryExclusive();
    expect(release).not.toBeNull();
    expect(lock.tryExclusive()).toBeNull();
    let ran = false;
    const waiting = lock.shared(async () => void (ran = true));
    await settle();
    expect(ran).toBe(false);
    release?.();
    await waiting;
    expect(ran).toBe(true);
  });
});
