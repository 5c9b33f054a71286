import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Page, PageHeader } from '@mason/ui-kit';
import { DatabaseCard } from '../database-card/database-card';
import { GithubCard } from '../github-card/github-card';
import { McpCard } from '../mcp-card/mcp-card';
import { OpenRouterCard } from '../open-router-card/open-router-card';
import type { GithubConnectedState } from '../github-callback/github-callback-screen';
import type { OpenExternalUrl } from '../shared/external-url';

const StyledCards = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr));

  > li {
    display: flex;
    min-width: 0;
  }

  > li > * {
    flex: 1;
  }
`;

export interface IntegrationsScreenProps {
  /** Where GitHub sends people back to (/github/callback): the OAuth App's callback path. */
  githubCallbackPath: string;
  /** Where Supabase sends people back to (/integrations/supabase/redirect). */
  supabaseRedirectPath: string;
  /** The MCP servers screen (/dashboard/mcp). */
  mcpHref: string;
  /** Leaves Mason for a service's sign-in page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
}

const connectedFrom = (state: unknown): string | null => {
  const login = (state as Partial<GithubConnectedState> | null)?.githubConnected;
  return typeof login === 'string' ? login : null;
};

/**
 * /integrations and /dashboard/integrations: a card per service Mason connects to (code hosting,
 * the apps' databases, MCP servers, the person's own OpenRouter account), each with where its
 * connection stands, what it is for, and the way to connect or disconnect it.
 */
export function IntegrationsScreen({
  githubCallbackPath,
  supabaseRedirectPath,
  mcpHref,
  openExternalUrl,
}: IntegrationsScreenProps) {
  const location = useLocation();
  const navigate = useNavigate();
  // The callback screen's word that an account was just connected: shown once, then dropped from
  // the history entry so a reload does not say it again.
  const [justConnected] = useState(() => connectedFrom(location.state));
  useEffect(() => {
    if (connectedFrom(location.state))
      navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate]);

  return (
    <Page width="large">
      <PageHeader
        title="Integrations"
        description="Connect the services Mason works with. Each card shows whether it is connected and lets you connect or disconnect it."
      />
      <StyledCards aria-label="Integrations">
        <li>
          <GithubCard
            justConnected={justConnected}
            openExternalUrl={openExternalUrl}
            callbackUrl={new URL(githubCallbackPath, window.location.origin).toString()}
          />
        </li>
        <li>
          <DatabaseCard
            openExternalUrl={openExternalUrl}
            redirectUrl={new URL(supabaseRedirectPath, window.location.origin).toString()}
          />
        </li>
        <li>
          <McpCard mcpHref={mcpHref} />
        </li>
        <li>
          <OpenRouterCard openExternalUrl={openExternalUrl} />
        </li>
      </StyledCards>
    </Page>
  );
}
