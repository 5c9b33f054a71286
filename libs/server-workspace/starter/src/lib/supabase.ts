import { createClient } from '@supabase/supabase-js';

const url = import.meta.env.VITE_SUPABASE_URL as string | undefined;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined;

/**
 * Whether the app has a database: Mason sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY once it
 * is turned on (Settings → Database), or attached.
 */
export const databaseOn = Boolean(url && anonKey);

/**
 * The app's database and sign-in. While the database is off, its calls answer "This app has no
 * database." (they go to the page's own origin).
 */
export const supabase = createClient(url || window.location.origin, anonKey || 'database-off');
