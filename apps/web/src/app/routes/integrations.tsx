import { IntegrationsScreen } from '@mason/integrations';
import { paths } from '../paths';

/**
 * /integrations and /dashboard/integrations: the connected services: GitHub, the apps'
 * databases, MCP servers and the person's own OpenRouter account.
 */
export default function Integrations() {
  return (
    <IntegrationsScreen
      githubCallbackPath={paths.githubCallback}
      supabaseRedirectPath={paths.supabaseRedirect}
      mcpHref={paths.dashboardMcp}
    />
  );
}
