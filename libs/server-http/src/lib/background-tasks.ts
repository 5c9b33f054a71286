import type { FastifyBaseLogger } from 'fastify';

/**
 * Work done after the answer was sent (e.g. the password-reset e-mail, so that the answer
 * takes as long whether or not the address has an account). close() waits for what is running.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const promise = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.log.error({ err: error }, `background task failed: ${name}`))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
