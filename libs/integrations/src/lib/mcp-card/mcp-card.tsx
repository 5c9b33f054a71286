import { Link } from 'react-router';
import styled from 'styled-components';
import type { McpServer } from '@mason/contract';
import { useGetMcpServersQuery } from '@mason/api-client';
import { Button, WrenchIcon } from '@mason/ui-kit';
import { ConnectionChecking, ConnectionCheckFailed } from '../integration-card/account-connection';
import { IntegrationCard, type IntegrationStatus } from '../integration-card/integration-card';
import { StyledText } from '../shared/plain-text';

const StyledState = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
`;

const StyledNames = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${({ theme }) => `${theme.space[0.5]} ${theme.space[2]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  }
`;

const count = (n: number) => (n === 1 ? '1 server' : `${n} servers`);

/** Servers the person has to act on: an OAuth one not authorized, or one that cannot be reached. */
const needsAttention = (servers: readonly McpServer[]) =>
  servers.filter(
    (server) => (server.authKind === 'OAUTH' && !server.authorized) || server.lastError !== null,
  ).length;

function statusOf(servers: readonly McpServer[]): IntegrationStatus {
  if (servers.length === 0) return { label: 'None added', variant: 'secondary' };
  const attention = needsAttention(servers);
  if (attention > 0)
    return {
      label: `${count(attention)} ${attention === 1 ? 'needs' : 'need'} a look`,
      variant: 'warning',
    };
  return { label: count(servers.length), variant: 'success' };
}

export interface McpCardProps {
  /** The MCP servers screen (/dashboard/mcp). */
  mcpHref: string;
}

/**
 * The MCP servers card of /integrations (issue 35 §3): what MCP servers are for, how many the
 * person has (and how many need a look), and the way to the MCP servers screen.
 */
export function McpCard({ mcpHref }: McpCardProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetMcpServersQuery();
  const servers = data?.servers;

  const state = isLoading ? (
    <ConnectionChecking label="Loading your MCP servers" />
  ) : !servers ? (
    <ConnectionCheckFailed
      title="Your MCP servers could not be loaded"
      error={error}
      retrying={isFetching}
      onRetry={() => void refetch()}
    />
  ) : (
    <StyledState>
      {servers.length > 0 ? (
        <>
          <StyledText>
            You have {count(servers.length)}; each project chooses which its assistant may use, in
            its Settings.
          </StyledText>
          <StyledNames aria-label="Your MCP servers">
            {servers.map((server) => (
              <li key={server.id}>{server.name}</li>
            ))}
          </StyledNames>
        </>
      ) : (
        <StyledText>
          No MCP servers yet. Add one by its address; you choose what the assistant may do with each
          of its tools.
        </StyledText>
      )}
      <Button as={Link} to={mcpHref} variant={servers.length > 0 ? 'outline' : 'primary'}>
        {servers.length > 0 ? 'Manage MCP servers' : 'Add an MCP server'}
      </Button>
    </StyledState>
  );

  return (
    <IntegrationCard
      name="MCP servers"
      icon={<WrenchIcon size={22} />}
      status={servers ? statusOf(servers) : null}
      description="Tools from outside Mason that the assistant may call: your issue tracker, your docs, your company’s own APIs. Each tool is allowed always, after asking you, or never."
    >
      {state}
    </IntegrationCard>
  );
}
