import { ApiRoutes } from '../routes';
import type { CallRoute } from './call-spec';

/**
 * What a client needs to send each call: method, path, time-out. The Supabase calls' entries in
 * the table spread these. This module imports no schema: a browser's endpoints name their calls
 * by these without loading zod.
 */
export const supabaseCallRoutes = {
  getSupabaseIntegration: { method: 'GET', path: ApiRoutes.supabase },
  disconnectSupabase: { method: 'POST', path: ApiRoutes.supabaseDisconnect },
  getSupabaseAuthorizeUrl: { method: 'GET', path: ApiRoutes.supabaseAuthorizeUrl },
  connectSupabase: { method: 'POST', path: ApiRoutes.supabaseAccessCode },
  getSupabaseProjects: { method: 'GET', path: ApiRoutes.supabaseProjects },
} as const satisfies Record<string, CallRoute>;
