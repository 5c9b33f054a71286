import { IntegrationsScreen } from '@mason/integrations';
import { paths } from '../paths';

/** /integrations and /dashboard/integrations: the connected services, GitHub first. */
export default function Integrations() {
  return <IntegrationsScreen githubCallbackPath={paths.githubCallback} />;
}
