import * as z from 'zod/mini';
import { TimestampSchema } from './primitives';

/**
 * The person's connected Supabase account (issue 34 §5), through Supabase's OAuth for its
 * Management API: it lets them attach a project of theirs by choosing it.
 */
export const SupabaseConnectionSchema = z.object({ connectedAt: TimestampSchema });
export type SupabaseConnection = z.infer<typeof SupabaseConnectionSchema>;

/** GET /supabase, and the answer of POST /supabase/access-code. */
export const SupabaseIntegrationResponseSchema = z.object({
  connection: z.nullable(SupabaseConnectionSchema),
  /**
   * Whether this Mason server has a Supabase OAuth app (SUPABASE_CLIENT_ID and
   * SUPABASE_CLIENT_SECRET): without one nobody can connect, and the screens say what to set.
   */
  configured: z.boolean(),
});
export type SupabaseIntegrationResponse = z.infer<typeof SupabaseIntegrationResponseSchema>;

/** Supabase's authorize page, and the anti-forgery state it sends back. */
export const SupabaseAuthorizeUrlResponseSchema = z.object({
  url: z.url(),
  state: z.string().check(z.minLength(1)),
});
export type SupabaseAuthorizeUrlResponse = z.infer<typeof SupabaseAuthorizeUrlResponseSchema>;

/** POST /supabase/access-code: what /integrations/supabase/redirect received from Supabase. */
export const SupabaseAccessCodeRequestSchema = z.object({
  state: z.string().check(z.minLength(1), z.maxLength(512)),
  code: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type SupabaseAccessCodeRequest = z.infer<typeof SupabaseAccessCodeRequestSchema>;

/** A project of the connected Supabase account. */
export const SupabaseProjectSchema = z.object({
  /** Its reference: the first label of https://<ref>.supabase.co */
  ref: z.string(),
  name: z.string(),
  region: z.string(),
  /** Supabase's word for it: ACTIVE_HEALTHY, PAUSED, COMING_UP… */
  status: z.string(),
});
export type SupabaseProject = z.infer<typeof SupabaseProjectSchema>;

/** GET /supabase/projects */
export const SupabaseProjectsResponseSchema = z.object({
  projects: z.array(SupabaseProjectSchema),
});
export type SupabaseProjectsResponse = z.infer<typeof SupabaseProjectsResponseSchema>;
