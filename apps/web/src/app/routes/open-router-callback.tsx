import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import { OpenRouterCallbackScreen } from '@mason/integrations';
import { paths } from '../paths';

/**
 * /open-router/callback: where OpenRouter's PKCE flow sends the person back to. Public (SPEC.md
 * 2) so that the redirect always lands; the exchange needs the session, restored by now.
 */
export default function OpenRouterCallback() {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <OpenRouterCallbackScreen
      signedIn={signedIn}
      integrationsHref={paths.dashboardIntegrations}
      loginHref={paths.login}
    />
  );
}
