import { HttpResponse } from 'msw';
import type { ProjectDatabase } from '@mason/contract';
import {
  aProjectDatabase,
  apiErrorBody,
  FIXTURE_NOW,
  mockEndpoint,
} from '@mason/api-client/testing';

export interface DatabaseFakeOptions {
  /** The project's database to start with (null: off). */
  database?: ProjectDatabase | null;
  /** Refuse each POST with this status and message, as the server words it. */
  refuseEnable?: { status: number; message: string } | null;
  /** POST answers once this settles (to see "Turning on…"); default: at once. */
  enableAnswersAfter?: Promise<unknown>;
}

/**
 * A project's database on a fake server, for specs and stories: GET /projects/:id/database
 * answers it (null while off), POST turns the built-in one on (now, with DATABASE_ENV_KEYS) and
 * answers it, and answers one already on as it is (idempotent, as the server does). Every call is
 * counted.
 */
export function databaseFake({
  database = null,
  refuseEnable = null,
  enableAnswersAfter,
}: DatabaseFakeOptions = {}) {
  const state = { database, refuseEnable, reads: 0, enables: 0 };
  const handlers = [
    mockEndpoint('getProjectDatabase', () => {
      state.reads += 1;
      return { database: state.database };
    }),
    mockEndpoint('enableProjectDatabase', async () => {
      state.enables += 1;
      await enableAnswersAfter;
      if (state.refuseEnable) {
        const { status, message } = state.refuseEnable;
        return HttpResponse.json(apiErrorBody(status, { message }), { status });
      }
      state.database ??= aProjectDatabase({ enabledAt: FIXTURE_NOW });
      return { database: state.database };
    }),
  ];
  return { state, handlers };
}
