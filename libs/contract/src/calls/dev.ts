import { BenchFilesSchema, OutboxQuerySchema, OutboxResponseSchema } from '../dev';
import { IdParamsSchema } from '../primitives';
import { type CallSpec, JSON_BODY, NO_BODY, projectIds } from './call-spec';
import { devCallRoutes } from './dev-routes';

/** Calls of test and benchmark set-ups only (EXPOSE_OUTBOX, BENCH_ROUTES). */
export const devCalls = {
  getOutbox: {
    ...devCallRoutes.getOutbox,
    auth: 'public',
    bodyLimit: NO_BODY,
    dev: true,
    summary: 'E-mails sent to an address, newest first (only with EXPOSE_OUTBOX=true)',
    tag: 'dev',
    query: OutboxQuerySchema,
    response: OutboxResponseSchema,
  },
  benchBare: {
    ...devCallRoutes.benchBare,
    auth: 'public',
    bodyLimit: NO_BODY,
    dev: true,
    summary: 'Does nothing (only with BENCH_ROUTES=true): the baseline of `npm run bench`',
    tag: 'dev',
  },
  benchWriteFiles: {
    ...devCallRoutes.benchWriteFiles,
    auth: 'session',
    bodyLimit: JSON_BODY,
    ids: projectIds,
    dev: true,
    summary: 'Write files as one new version (only with BENCH_ROUTES=true)',
    tag: 'dev',
    params: IdParamsSchema,
    body: BenchFilesSchema,
  },
} as const satisfies Record<string, CallSpec>;
