import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { McpServer, McpServerResponse } from '@mason/contract';
import { isApiError, useGetMcpServersQuery } from '@mason/api-client';
import {
  Button,
  EmptyState,
  Page,
  PageHeader,
  Panel,
  PlusIcon,
  Spinner,
  VisuallyHidden,
  WrenchIcon,
} from '@mason/ui-kit';
import { listenForMcpWindowResult } from '../mcp-callback/mcp-window-messages';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';
import { StyledLoading } from '../shared/section-styles';
import { McpServerCard } from './mcp-server-card';
import { McpServerForm } from './mcp-server-form';
import { POLICY_OPTIONS } from './tool-policy-control';

const StyledStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledLegend = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};

  strong {
    color: ${({ theme }) => theme.colors.foreground};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

const StyledPageLoading = styled(StyledLoading)`
  justify-content: center;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
`;

const LOADING = 'Loading your MCP servers';

export interface McpServersScreenProps {
  /** Leaves Mason for a server's sign-in page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
}

/**
 * /dashboard/mcp: the person's MCP servers (issue 35), tools from outside Mason the assistant may
 * call. "Add a server" takes a name, a Streamable HTTP address and headers or OAuth (an OAuth
 * server sends the browser to its sign-in page); each server is a card with its tools and
 * Always / Ask / Never per tool. Loading, empty (what MCP servers are for) and error (with "Try
 * again") states; a server signed in to in a popup (/mcp/callback/close) shows up at once.
 */
export function McpServersScreen({ openExternalUrl = openInBrowser }: McpServersScreenProps) {
  const query = useGetMcpServersQuery();
  const { refetch } = query;
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [focused, setFocused] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAdd, setFocusAdd] = useState(false);
  const servers = query.data?.servers;

  useEffect(() => listenForMcpWindowResult(() => void refetch()), [refetch]);
  useEffect(() => {
    if (!focusAdd || adding) return;
    addButton.current?.focus();
    setFocusAdd(false);
  }, [focusAdd, adding, servers]);

  // An OAuth server to authorize goes to its sign-in page; any other is in the list already.
  const saved = ({ server, authorizeUrl }: McpServerResponse, added: boolean) => {
    if (authorizeUrl) {
      setAnnouncement(`Opening ${server.name}’s sign-in page…`);
      openExternalUrl(authorizeUrl);
      return;
    }
    setAnnouncement(
      `${server.name} is ${added ? 'added' : 'saved'}. ${server.lastError ? `Its tools could not be listed: ${server.lastError}` : `It lists ${server.tools.length === 1 ? '1 tool' : `${server.tools.length} tools`}.`}`,
    );
    setFocused(server.id);
  };
  const removed = (server: McpServer) => {
    setAnnouncement(`${server.name} is removed.`);
    setFocusAdd(true);
  };

  const addButtonNode = (
    <Button
      ref={addButton}
      leadingIcon={<PlusIcon size={16} />}
      aria-expanded={adding}
      onClick={() => setAdding(true)}
      disabled={adding}
    >
      Add a server
    </Button>
  );

  let body;
  if (query.isLoading) {
    body = (
      <StyledPageLoading>
        <Spinner label={LOADING} />
        <span aria-hidden="true">{LOADING}…</span>
      </StyledPageLoading>
    );
  } else if (!servers) {
    body = (
      <EmptyState
        bordered
        title="Your MCP servers could not be loaded"
        description={
          isApiError(query.error) ? query.error.message : 'Check your connection, then try again.'
        }
        action={
          <Button
            onClick={() => void refetch()}
            loading={query.isFetching}
            loadingText="Trying again…"
          >
            Try again
          </Button>
        }
      />
    );
  } else if (servers.length === 0 && !adding) {
    body = (
      <EmptyState
        bordered
        icon={<WrenchIcon />}
        title="No MCP servers yet"
        description="An MCP server gives the assistant tools from outside Mason: search your issue tracker, read your docs, call your company’s own APIs. Add one by its address, then choose what the assistant may do with each of its tools and which projects may use it."
        action={addButtonNode}
      />
    );
  } else {
    body = (
      <>
        {servers.length > 0 && (
          <StyledLegend>
            For each tool: <strong>Always</strong>: {POLICY_OPTIONS[0]?.meaning};{' '}
            <strong>Ask</strong>: {POLICY_OPTIONS[1]?.meaning}; <strong>Never</strong>:{' '}
            {POLICY_OPTIONS[2]?.meaning}. Each project chooses the servers its assistant may use, in
            its Settings.
          </StyledLegend>
        )}
        <StyledList aria-label="MCP servers">
          {servers.map((server) => (
            <li key={server.id}>
              <McpServerCard
                server={server}
                openExternalUrl={openExternalUrl}
                focusOnMount={focused === server.id}
                onSaved={(answer) => saved(answer, false)}
                onRemoved={removed}
              />
            </li>
          ))}
        </StyledList>
      </>
    );
  }

  return (
    <Page width="large">
      <PageHeader
        title="MCP servers"
        description="Tools from outside Mason that the assistant may call, each always, after asking you, or never."
        actions={servers && (servers.length > 0 || adding) ? addButtonNode : undefined}
      />
      <StyledStack>
        {adding && (
          <Panel aria-label="Add an MCP server">
            <McpServerForm
              onSaved={(answer) => {
                setAdding(false);
                saved(answer, true);
              }}
              onCancel={() => {
                setAdding(false);
                setFocusAdd(true);
              }}
            />
          </Panel>
        )}
        {body}
      </StyledStack>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </Page>
  );
}
