import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type { McpServer, McpServerResponse, McpTool } from '@mason/contract';
import {
  useDeleteMcpServerMutation,
  useLazyGetMcpServerAuthorizeUrlQuery,
  useRefreshMcpServerMutation,
  useSetMcpToolPolicyMutation,
} from '@mason/api-client';
import {
  Alert,
  Badge,
  Button,
  ConfirmDialog,
  formatDateTime,
  formatRelativeTime,
  Panel,
  PencilIcon,
  RotateCwIcon,
  TrashIcon,
  type BadgeVariant,
} from '@mason/ui-kit';
import { useConnect } from '../integration-card/account-connection';
import type { OpenExternalUrl } from '../shared/external-url';
import { StyledText } from '../shared/plain-text';
import { McpServerForm } from './mcp-server-form';
import { ToolPolicyControl } from './tool-policy-control';

/** Inside the card's surface (ui-kit's Panel, which pads it). */
const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

/** A notice's button under its words: the words keep the notice's width on a phone. */
const StyledNoticeAction = styled.div`
  margin-top: ${({ theme }) => theme.space[2]};
`;

const StyledHead = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledTitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

const StyledName = styled.h2`
  margin: 0;
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  overflow-wrap: anywhere;

  /* Focused from code (after a change), never by the person: no ring. */
  &:focus {
    outline: none;
  }
`;

const StyledButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledFacts = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1.5]} ${({ theme }) => theme.space[4]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.92em;
  }
`;

const StyledToolsHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledTools = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  > li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

/** The tool's name and description, its Always / Ask / Never at the end (below on a phone). */
const StyledTool = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
`;

const StyledToolText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[0.5]};
  flex: 1 1 16rem;
  min-width: 0;
`;

const StyledToolName = styled.span`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  overflow-wrap: anywhere;

  code {
    margin-left: ${({ theme }) => theme.space[2]};
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
  }
`;

const StyledToolDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  white-space: pre-line;
  overflow-wrap: anywhere;
`;

const AUTH_WORDS: Record<McpServer['authKind'], string> = {
  NONE: 'No sign-in',
  HEADERS: 'Headers',
  OAUTH: 'OAuth',
};

/** Where the server stands, in a word: what the person would act on first. */
function statusOf(server: McpServer): { label: string; variant: BadgeVariant } {
  if (server.authKind === 'OAUTH' && !server.authorized)
    return { label: 'Not authorized', variant: 'warning' };
  if (server.lastError) return { label: 'Cannot be reached', variant: 'destructive' };
  return { label: 'Connected', variant: 'success' };
}

const authOf = (server: McpServer) =>
  server.authKind === 'HEADERS' && server.headerNames.length > 0
    ? `${AUTH_WORDS.HEADERS} (${server.headerNames.join(', ')})`
    : AUTH_WORDS[server.authKind];

export interface McpServerCardProps {
  server: McpServer;
  /** Leaves Mason for the server's sign-in page. */
  openExternalUrl: OpenExternalUrl;
  /** Changed: the server's answer (an OAuth server to authorize again carries its URL). */
  onSaved: (answer: McpServerResponse) => void;
  /** Removed: the screen says so and moves focus. */
  onRemoved: (server: McpServer) => void;
  /** Focus the card's heading once (after it was changed). */
  focusOnMount?: boolean;
}

function ToolRow({ server, tool }: { server: McpServer; tool: McpTool }) {
  const [setPolicy] = useSetMcpToolPolicyMutation();
  return (
    <StyledTool>
      <StyledToolText>
        <StyledToolName>
          {tool.title ?? tool.name}
          {tool.title && <code>{tool.name}</code>}
        </StyledToolName>
        {tool.description && <StyledToolDescription>{tool.description}</StyledToolDescription>}
      </StyledToolText>
      <ToolPolicyControl
        tool={tool.title ?? tool.name}
        value={tool.policy}
        // A refusal puts the old choice back; its toast says why.
        onChange={(policy) =>
          void setPolicy({ serverId: server.id, tool: tool.name, policy })
            .unwrap()
            .catch(() => undefined)
        }
      />
    </StyledTool>
  );
}

/**
 * One of the person's MCP servers: its name, address and sign-in, why its tools could not be
 * listed (with "List tools again"), "Authorize" for an OAuth server Mason holds no token for,
 * each tool with its description and Always / Ask / Never, and Edit and Remove (confirmed).
 */
export function McpServerCard({
  server,
  openExternalUrl,
  onSaved,
  onRemoved,
  focusOnMount = false,
}: McpServerCardProps) {
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [refresh, refreshing] = useRefreshMcpServerMutation();
  const [remove, removal] = useDeleteMcpServerMutation();
  const [getAuthorizeUrl] = useLazyGetMcpServerAuthorizeUrlQuery();
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<'heading' | 'edit' | null>(focusOnMount ? 'heading' : null);
  const status = statusOf(server);
  const {
    opening,
    error: authorizeError,
    connect: authorize,
  } = useConnect({
    authorizeUrl: async () => {
      const { authorizeUrl } = await getAuthorizeUrl({ serverId: server.id }, false).unwrap();
      if (!authorizeUrl) throw new Error('No authorize URL');
      return { url: authorizeUrl };
    },
    openExternalUrl,
    failure: `${server.name}’s sign-in page could not be opened. Try again.`,
    onNotConfigured: () => void refresh({ serverId: server.id }),
  });

  useEffect(() => {
    if (editing) return;
    if (focus === 'heading') heading.current?.focus();
    if (focus === 'edit') editButton.current?.focus();
    if (focus) setFocus(null);
  }, [editing, focus]);

  const confirmRemove = async () => {
    try {
      await remove({ serverId: server.id }).unwrap();
      onRemoved(server);
    } catch {
      // The toast says why; the server stays.
    } finally {
      setRemoving(false);
    }
  };

  if (editing)
    return (
      <Panel as="article" aria-label={server.name}>
        <StyledBody>
          <McpServerForm
            server={server}
            onSaved={(answer) => {
              setEditing(false);
              setFocus('heading');
              onSaved(answer);
            }}
            onCancel={() => {
              setEditing(false);
              setFocus('edit');
            }}
          />
        </StyledBody>
      </Panel>
    );

  const refreshButton = (variant: 'outline' | 'ghost') => (
    <Button
      size="sm"
      variant={variant}
      leadingIcon={<RotateCwIcon size={14} />}
      loading={refreshing.isLoading}
      loadingText="Listing tools…"
      onClick={() => void refresh({ serverId: server.id })}
    >
      List tools again
    </Button>
  );
  const unauthorized = server.authKind === 'OAUTH' && !server.authorized;

  return (
    <Panel as="article" aria-label={server.name}>
      <StyledBody>
        <StyledHead>
          <StyledTitleRow>
            <StyledName ref={heading} tabIndex={-1}>
              {server.name}
            </StyledName>
            <Badge variant={status.variant}>{status.label}</Badge>
          </StyledTitleRow>
          <StyledButtons>
            {!unauthorized && !server.lastError && refreshButton('ghost')}
            <Button
              ref={editButton}
              size="sm"
              variant="outline"
              leadingIcon={<PencilIcon size={14} />}
              aria-label={`Edit ${server.name}`}
              onClick={() => setEditing(true)}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              leadingIcon={<TrashIcon size={14} />}
              aria-label={`Remove ${server.name}`}
              onClick={() => setRemoving(true)}
            >
              Remove
            </Button>
          </StyledButtons>
        </StyledHead>
        <StyledFacts>
          <dt>Address</dt>
          <dd>
            <code>{server.url}</code>
          </dd>
          <dt>Sign-in</dt>
          <dd>{authOf(server)}</dd>
          {server.toolsListedAt && (
            <>
              <dt>Tools listed</dt>
              <dd>
                <time dateTime={server.toolsListedAt} title={formatDateTime(server.toolsListedAt)}>
                  {formatRelativeTime(server.toolsListedAt)}
                </time>
              </dd>
            </>
          )}
        </StyledFacts>
        {unauthorized && (
          <Alert tone="warning" title={`Mason is not signed in to ${server.name} yet`}>
            Authorize Mason on the server’s sign-in page; its tools are listed once you are back.
            <StyledNoticeAction>
              <Button
                size="sm"
                loading={opening}
                loadingText="Opening…"
                onClick={() => void authorize()}
              >
                Authorize
              </Button>
            </StyledNoticeAction>
          </Alert>
        )}
        {authorizeError && <Alert tone="error">{authorizeError}</Alert>}
        {server.lastError && !unauthorized && (
          <Alert tone="error" title="Its tools could not be listed">
            {server.lastError}
            <StyledNoticeAction>{refreshButton('outline')}</StyledNoticeAction>
          </Alert>
        )}
        {server.tools.length > 0 ? (
          <>
            <StyledToolsHeading>Tools ({server.tools.length})</StyledToolsHeading>
            <StyledTools aria-label={`Tools of ${server.name}`}>
              {server.tools.map((tool) => (
                <ToolRow key={tool.name} server={server} tool={tool} />
              ))}
            </StyledTools>
          </>
        ) : (
          !unauthorized && !server.lastError && <StyledText>This server lists no tools.</StyledText>
        )}
      </StyledBody>
      <ConfirmDialog
        open={removing}
        variant="destructive"
        title={`Remove ${server.name}?`}
        description="Mason forgets its address, headers and sign-in, and no project’s assistant can use its tools any more. Calls already made stay in the chats."
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={removal.isLoading}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(false)}
      />
    </Panel>
  );
}
