import { IntegrationsScreen } from '@mason/integrations';
import { paths } from '../paths';

/** /integrations and /dashboard/integrations: the connected services, GitHub and the apps' databases. */
export default function Integrations() {
  return (
    <IntegrationsScreen
      githubCallbackPath={paths.githubCallback}
      supabaseRedirectPath={paths.supabaseRedirect}
    />
  );
}
