import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useGetProjectMcpQuery, useSetProjectMcpMutation } from '@mason/api-client';
import { Alert, Button, Spinner, TextLink } from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { reasonOf } from '../shared/reason-of';
import {
  StyledLoading,
  StyledSectionHeading,
  StyledSettingsSection,
  StyledStack,
} from '../shared/section-styles';
import { Switch } from '../shared/switch';

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export interface ProjectMcpProps {
  projectId: string;
  /** The MCP servers screen (/dashboard/mcp), where servers are added and their tools set. */
  mcpHref: string;
}

const LOADING = 'Loading your MCP servers';

/**
 * The project Settings' MCP servers section (issue 35 §1): the person's servers, each with a
 * switch: may this project's assistant use it (GET /projects/:id/mcp; PUT with the servers it
 * may). A switch acts at once (a refusal puts it back, and its toast says why). Without servers,
 * the way to add one.
 */
export function ProjectMcp({ projectId, mcpHref }: ProjectMcpProps) {
  const headingId = useId();
  // Each opening of the Settings asks again: a server may have been added meanwhile.
  const query = useGetProjectMcpQuery({ projectId }, { refetchOnMountOrArgChange: true });
  const [setServers] = useSetProjectMcpMutation();
  const servers = query.data?.servers;

  const toggle = (serverId: string, allowed: boolean) => {
    const ids = (servers ?? [])
      .filter((server) => (server.serverId === serverId ? allowed : server.allowed))
      .map((server) => server.serverId);
    void setServers({ projectId, serverIds: ids })
      .unwrap()
      .catch(() => undefined);
  };

  let body: ReactNode;
  if (!servers && query.isError) {
    body = (
      <Alert
        tone="error"
        title="Your MCP servers could not be loaded"
        action={
          <Button
            size="sm"
            variant="outline"
            loading={query.isFetching}
            loadingText="Trying again…"
            onClick={() => void query.refetch()}
          >
            Try again
          </Button>
        }
      >
        {reasonOf(query.error, 'Check your connection, then try again.')}
      </Alert>
    );
  } else if (!servers) {
    body = (
      <StyledLoading>
        <Spinner label={LOADING} />
        <span aria-hidden="true">{LOADING}…</span>
      </StyledLoading>
    );
  } else if (servers.length === 0) {
    body = (
      <>
        <StyledText>
          MCP servers give the assistant tools from outside Mason: your issue tracker, your docs,
          your company’s own APIs. You have none yet.
        </StyledText>
        <div>
          <Button as={Link} to={mcpHref} variant="outline">
            Add an MCP server
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <>
        <StyledText>
          Choose the servers this project’s assistant may use. What it may do with each tool is set
          in{' '}
          <TextLink as={Link} to={mcpHref}>
            MCP servers
          </TextLink>
          .
        </StyledText>
        <StyledList aria-label="MCP servers this project may use">
          {servers.map((server) => (
            <li key={server.serverId}>
              <Switch
                label={server.name}
                description={
                  server.allowed
                    ? 'This project’s assistant may use its tools.'
                    : 'Not offered to this project’s assistant.'
                }
                checked={server.allowed}
                onChange={(allowed) => toggle(server.serverId, allowed)}
              />
            </li>
          ))}
        </StyledList>
      </>
    );
  }

  return (
    <StyledSettingsSection aria-labelledby={headingId}>
      <StyledSectionHeading id={headingId}>MCP servers</StyledSectionHeading>
      <StyledStack>{body}</StyledStack>
    </StyledSettingsSection>
  );
}
