import { useSelector } from 'react-redux';
import { selectIsAuthenticated } from '@mason/auth';
import { McpCallbackScreen } from '@mason/integrations';
import { paths } from '../paths';

/**
 * /mcp/callback and /mcp/callback/close (`popup`): where an MCP server's sign-in sends the person
 * back to. The routes are public (SPEC.md 2) so that the redirect always lands; the exchange
 * itself needs the session, which the guard has restored by now.
 */
export default function McpCallback({ popup = false }: { popup?: boolean }) {
  const signedIn = useSelector(selectIsAuthenticated);
  return (
    <McpCallbackScreen
      popup={popup}
      signedIn={signedIn}
      mcpServersHref={paths.dashboardMcp}
      loginHref={paths.login}
    />
  );
}
