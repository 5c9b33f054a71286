import { OkResponseSchema } from '../auth';
import {
  SupabaseAccessCodeRequestSchema,
  SupabaseAuthorizeUrlResponseSchema,
  SupabaseIntegrationResponseSchema,
  SupabaseProjectsResponseSchema,
} from '../supabase';
import { type CallSpec, JSON_BODY, NO_BODY } from './call-spec';
import { supabaseCallRoutes } from './supabase-routes';

/**
 * A person's Supabase account (ours, issue 34 §5): connected through Supabase's OAuth (its
 * Management API), so a project of theirs is attached by choosing it. SPEC.md names the route
 * Supabase sends people back to, /integrations/supabase/redirect.
 */
export const supabaseCalls = {
  getSupabaseIntegration: {
    ...supabaseCallRoutes.getSupabaseIntegration,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "The user's Supabase connection, or null, and whether this server can connect one",
    tag: 'supabase',
    response: SupabaseIntegrationResponseSchema,
  },
  disconnectSupabase: {
    ...supabaseCallRoutes.disconnectSupabase,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'Forget the Supabase connection (attached projects stay attached)',
    tag: 'supabase',
    response: OkResponseSchema,
  },
  getSupabaseAuthorizeUrl: {
    ...supabaseCallRoutes.getSupabaseAuthorizeUrl,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: "Where to send the browser to authorize Mason's Supabase OAuth app",
    description: '409 when this server has no Supabase OAuth app (SUPABASE_CLIENT_ID).',
    tag: 'supabase',
    response: SupabaseAuthorizeUrlResponseSchema,
    errors: [409],
  },
  connectSupabase: {
    ...supabaseCallRoutes.connectSupabase,
    auth: 'session',
    bodyLimit: JSON_BODY,
    summary: "Connect Supabase with the code of Supabase's redirect",
    description:
      '400 for a state that is not the caller’s, expired or used, or a code Supabase refuses.',
    tag: 'supabase',
    body: SupabaseAccessCodeRequestSchema,
    response: SupabaseIntegrationResponseSchema,
    errors: [400, 409],
  },
  getSupabaseProjects: {
    ...supabaseCallRoutes.getSupabaseProjects,
    auth: 'session',
    bodyLimit: NO_BODY,
    summary: 'The projects of the connected Supabase account',
    description: '409 while no Supabase account is connected.',
    tag: 'supabase',
    response: SupabaseProjectsResponseSchema,
    errors: [409],
  },
} as const satisfies Record<string, CallSpec>;
