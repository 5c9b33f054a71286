// One database's gate: any number of `use` calls share it, a close, snapshot, restore or drop
// holds it alone. First come, first served, so a waiting snapshot is not starved by a stream of
// requests (and so a `use` must never wait for another `use` of the same database inside it).

interface Waiter {
  readonly exclusive: boolean;
  readonly grant: () => void;
}

export class ReadWriteLock {
  #shared = 0;
  #exclusive = false;
  #queue: Waiter[] = [];

  /** Nobody holds the lock or waits for it. */
  get idle(): boolean {
    return this.#shared === 0 && !this.#exclusive && this.#queue.length === 0;
  }

  async shared<T>(work: () => Promise<T>): Promise<T> {
    await this.#acquire(false);
    try {
      return await work();
    } finally {
      this.#shared -= 1;
      this.#drain();
    }
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await this.#acquire(true);
    try {
      return await work();
    } finally {
      this.#exclusive = false;
      this.#drain();
    }
  }

  /** Takes the lock alone at once when it is idle; returns its release, or null. */
  tryExclusive(): (() => void) | null {
    if (!this.idle) return null;
    this.#exclusive = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#exclusive = false;
      this.#drain();
    };
  }

  #acquire(exclusive: boolean): Promise<void> {
    return new Promise((resolve) => {
      this.#queue.push({ exclusive, grant: resolve });
      this.#drain();
    });
  }

  #drain() {
    while (this.#queue.length > 0 && !this.#exclusive) {
      const next = this.#queue[0];
      if (next.exclusive) {
        if (this.#shared > 0) return;
        this.#exclusive = true;
      } else {
        this.#shared += 1;
      }
      this.#queue.shift();
      next.grant();
    }
  }
}
