import { HttpResponse } from 'msw';
import type { DatabaseAttachRequest, ProjectDatabase } from '@mason/contract';
import {
  anAttachedDatabase,
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
  /** Refuse each attach with this status and body (the server's 400 with its fieldErrors). */
  refuseAttach?: { status: number; message: string; fieldErrors?: Record<string, string> } | null;
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
  refuseAttach = null,
}: DatabaseFakeOptions = {}) {
  const state = {
    database,
    refuseEnable,
    refuseAttach,
    reads: 0,
    enables: 0,
    attached: [] as DatabaseAttachRequest[],
    detaches: 0,
  };
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
    mockEndpoint('attachDatabase', ({ body }) => {
      state.attached.push(body as DatabaseAttachRequest);
      if (state.refuseAttach) {
        const { status, ...refusal } = state.refuseAttach;
        return HttpResponse.json(apiErrorBody(status, refusal), { status });
      }
      state.database = anAttachedDatabase({ enabledAt: FIXTURE_NOW });
      return { database: state.database };
    }),
    mockEndpoint('detachDatabase', () => {
      state.detaches += 1;
      state.database = null;
      return { database: null };
    }),
  ];
  return { state, handlers };
}
