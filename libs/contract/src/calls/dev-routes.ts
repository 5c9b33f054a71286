import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The test and benchmark calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const devCallRoutes = {
  getOutbox: { method: 'GET', path: ApiRoutes.devOutbox },
  benchBare: { method: 'GET', path: ApiRoutes.benchBare },
  benchWriteFiles: { method: 'POST', path: ApiRoutes.benchFiles },
} as const satisfies Record<string, CallRoute>;
