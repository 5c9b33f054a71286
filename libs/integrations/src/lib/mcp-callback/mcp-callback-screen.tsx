import { useMemo, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { McpServer, McpServerResponse } from '@mason/contract';
import { useCompleteMcpOauthMutation } from '@mason/api-client';
import { Alert, Button } from '@mason/ui-kit';
import { CallbackLayout } from '../callback-layout/callback-layout';
import {
  CallbackFailure,
  CallbackLogin,
  CallbackProgress,
  StyledCallbackActions,
} from '../shared/callback-parts';
import { readCodeCallback, type ExchangeOutcome } from '../shared/code-callback';
import { useCodeExchange } from '../shared/use-code-exchange';
import { newResultId } from '../shared/window-messages';
import { announceMcpWindowResult } from './mcp-window-messages';

export interface McpCallbackScreenProps {
  /**
   * /mcp/callback/close: the sign-in ran in a popup, which tells the page that opened it how it
   * went and closes itself. Otherwise (/mcp/callback) the page says so, with the way on.
   */
  popup?: boolean;
  /** Whether a person is logged in to Mason (the exchange needs their session). */
  signedIn: boolean;
  /** The MCP servers screen (/dashboard/mcp). */
  mcpServersHref: string;
  /** The login screen, for a visitor who is not logged in. */
  loginHref: string;
  /** Closes the popup. Default: window.close(). */
  closeWindow?: () => void;
}

const WORDS = {
  denied:
    'You did not allow Mason to use this MCP server, so nothing was connected. You can authorize it again from MCP servers whenever you like.',
  other: (description: string | null) =>
    description
      ? `The MCP server’s sign-in did not finish: ${description.replace(/\.?$/, '.')} Authorize it again from MCP servers.`
      : 'The MCP server’s sign-in did not finish. Authorize it again from MCP servers.',
};

const NOTHING =
  'This page finishes signing in to an MCP server when the server’s sign-in page sends you back to it. Nothing was changed.';

const toolCount = (count: number) => (count === 1 ? '1 tool' : `${count} tools`);

/** What signing in gave, in a sentence: the tools found, or why they could not be listed. */
function connectedWords(server: McpServer): { tone: 'success' | 'warning'; text: string } {
  if (server.lastError)
    return {
      tone: 'warning',
      text: `Mason signed in to ${server.name}, but its tools could not be listed: ${server.lastError} List them again from MCP servers.`,
    };
  return {
    tone: 'success',
    text:
      server.tools.length > 0
        ? `Mason signed in to ${server.name} and found ${toolCount(server.tools.length)}. Choose what the assistant may do with each in MCP servers.`
        : `Mason signed in to ${server.name}, which lists no tools yet.`,
  };
}

/**
 * /mcp/callback and /mcp/callback/close: an MCP server's authorization server sends the person
 * back here with `code` and `state` (or `error` when they said no). The screen posts them once to
 * POST /mcp/oauth/callback, then says the server is connected (its name, how many tools it
 * lists) with the way to MCP servers; the popup variant tells its opener and closes itself. A
 * refusal, a used or unknown state, a page opened without a code, or a visitor who is not logged
 * in each get a sentence and a way on.
 */
export function McpCallbackScreen({
  popup = false,
  signedIn,
  mcpServersHref,
  loginHref,
  closeWindow,
}: McpCallbackScreenProps) {
  const { search } = useLocation();
  const [complete] = useCompleteMcpOauthMutation();
  const callback = useMemo(() => readCodeCallback(search, WORDS), [search]);
  // The latest closer, without running the exchange again when a new one is passed.
  const closer = useRef(closeWindow);
  closer.current = closeWindow;
  const close = () => (closer.current ? closer.current() : window.close());

  const { outcome, retry } = useCodeExchange<McpServerResponse>({
    service: 'mcp',
    callback,
    enabled: signedIn,
    exchange: (request) => complete(request).unwrap(),
    fallback: 'Mason could not finish signing in to the MCP server. Try again.',
    onSettled: (settled: ExchangeOutcome<McpServerResponse>) => {
      if (!popup) return;
      if (settled.kind === 'done') {
        announceMcpWindowResult({
          id: newResultId(),
          type: 'mason:mcp-connected',
          server: settled.result.server,
        });
        close();
      } else {
        announceMcpWindowResult({
          id: newResultId(),
          type: 'mason:mcp-failed',
          message: settled.kind === 'failed' ? settled.message : NOTHING,
        });
      }
    },
  });

  const closeButton = (
    <Button variant={outcome.kind === 'done' ? 'primary' : 'outline'} fullWidth onClick={close}>
      Close this window
    </Button>
  );
  const toServers = (label: string, primary: boolean) => (
    <Button as={Link} to={mcpServersHref} variant={primary ? 'primary' : 'outline'} fullWidth>
      {label}
    </Button>
  );

  if (!signedIn && callback.kind === 'code')
    return (
      <CallbackLogin
        title="Log in to connect the MCP server"
        detail="The MCP server connects to your Mason account, and you are not logged in on this browser. Log in, then authorize the server again from MCP servers."
        loginHref={loginHref}
      />
    );

  if (outcome.kind === 'working')
    return (
      <CallbackProgress
        title="Connecting the MCP server…"
        label="Signing in to the MCP server"
        detail="This takes a moment. Mason is finishing the sign-in and listing the server’s tools."
      />
    );

  if (outcome.kind === 'failed')
    return (
      <CallbackFailure
        title="The MCP server was not connected"
        message={outcome.message}
        onRetry={outcome.retry ? retry : undefined}
      >
        {popup && closeButton}
        {toServers('Back to MCP servers', false)}
      </CallbackFailure>
    );

  if (outcome.kind === 'missing')
    return (
      <CallbackLayout title="Nothing to connect">
        <Alert tone="info">{NOTHING}</Alert>
        <StyledCallbackActions>
          {popup && closeButton}
          {toServers('Go to MCP servers', !popup)}
        </StyledCallbackActions>
      </CallbackLayout>
    );

  const { server } = outcome.result;
  const words = connectedWords(server);
  return (
    <CallbackLayout title={`${server.name} is connected`}>
      <Alert tone={words.tone}>
        {words.text}
        {popup && ' You can close this window.'}
      </Alert>
      <StyledCallbackActions>
        {popup && closeButton}
        {toServers('Go to MCP servers', !popup)}
      </StyledCallbackActions>
    </CallbackLayout>
  );
}
