import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import type { GithubCallbackFlow } from '@mason/contract';
import { GithubCallbackScreen } from '@mason/integrations';
import { paths } from '../paths';

/**
 * /github/callback, /github/callback/existing and /github/callback/window: where GitHub sends
 * the person back to, one flow each. The routes are public (SPEC.md 2) so that GitHub's redirect
 * always lands; the exchange itself needs the session, which the guard has restored by now.
 */
export default function GithubCallback({ flow }: { flow: GithubCallbackFlow }) {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <GithubCallbackScreen
      flow={flow}
      signedIn={signedIn}
      integrationsHref={paths.dashboardIntegrations}
      importProjectHref={`${paths.dashboardProjectsExisting}?from=github`}
      loginHref={paths.login}
    />
  );
}
