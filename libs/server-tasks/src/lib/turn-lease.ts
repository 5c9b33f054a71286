import type { Database } from '@mason/server-db';
import type { FastifyBaseLogger } from 'fastify';
import { renewLease } from './turns';

/** Thrown inside a finishing transaction when another worker has taken the turn over. */
export class LostTurnError extends Error {}

/** A running turn's hold on its lease: renewed every third of it, until `stop`. */
export interface TurnLease {
  /** True once a renewal found that another worker took the turn over. */
  readonly lost: boolean;
  stop(): void;
}

/**
 * Keeps renewing the lease of a turn this worker claimed; when another worker has taken it over
 * (the lease ran out meanwhile), `onLost` runs once, to stop the work here.
 */
export function keepLease(
  db: Database,
  turnId: string,
  workerId: string,
  leaseSeconds: number,
  log: FastifyBaseLogger,
  onLost: () => void,
): TurnLease {
  let lost = false;
  const heartbeat = setInterval(
    () => {
      renewLease(db, turnId, workerId, leaseSeconds).then(
        (mine) => {
          if (!mine && !lost) {
            lost = true;
            onLost();
          }
        },
        (error: unknown) => log.warn({ err: error }, 'Could not renew a turn lease'),
      );
    },
    Math.max(250, (leaseSeconds * 1000) / 3),
  );
  return {
    get lost() {
      return lost;
    },
    stop: () => clearInterval(heartbeat),
  };
}
