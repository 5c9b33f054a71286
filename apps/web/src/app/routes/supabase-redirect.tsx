import { SupabaseRedirectScreen } from '@mason/integrations';
import { paths } from '../paths';

/** /integrations/supabase/redirect: what connecting Supabase means on this server. */
export default function SupabaseRedirect() {
  return (
    <SupabaseRedirectScreen
      projectsPath={paths.dashboardProjects}
      integrationsPath={paths.integrations}
    />
  );
}
