// Test helpers of @mason/server-supabase (specs and end-to-end set-ups only): name every export.
export { startSupabaseStandIn } from './testing/supabase-stand-in';
export type {
  StandInProject,
  SupabaseStandIn,
  SupabaseStandInOptions,
} from './testing/supabase-stand-in';
