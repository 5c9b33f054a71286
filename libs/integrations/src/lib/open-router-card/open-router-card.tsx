import styled from 'styled-components';
import {
  useDisconnectOpenRouterMutation,
  useGetOpenRouterIntegrationQuery,
  useLazyGetOpenRouterAuthorizeUrlQuery,
} from '@mason/api-client';
import { Alert, Button, ConfirmDialog, VisuallyHidden } from '@mason/ui-kit';
import {
  ConnectionChecking,
  ConnectionCheckFailed,
  useConnect,
  useDisconnect,
} from '../integration-card/account-connection';
import { IntegrationCard, type IntegrationStatus } from '../integration-card/integration-card';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';
import { formatLongDate } from '../shared/format-date';
import { StyledText } from '../shared/plain-text';

const StyledState = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
`;

/** OpenRouter's mark, simplified: three arrows routed into one. */
function OpenRouterMark() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 6h4c3 0 4 6 7 6h7" />
      <path d="M3 18h4c3 0 4-6 7-6" />
      <path d="m18 9 3 3-3 3" />
    </svg>
  );
}

const CONNECTED: IntegrationStatus = { label: 'Connected', variant: 'success' };
const NOT_CONNECTED: IntegrationStatus = { label: 'Not connected', variant: 'secondary' };

export interface OpenRouterCardProps {
  /** Leaves Mason for OpenRouter's authorize page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
}

/**
 * The OpenRouter card of /integrations (issue 35 §2): the person's own OpenRouter account.
 * Connected, their turns run on its key and are not charged Mason credits; "Connect OpenRouter"
 * asks for OpenRouter's authorize page (its OAuth PKCE flow) and goes there; Disconnect (behind
 * a confirmation) forgets the key.
 */
export function OpenRouterCard({ openExternalUrl = openInBrowser }: OpenRouterCardProps) {
  const integration = useGetOpenRouterIntegrationQuery();
  const [getAuthorizeUrl] = useLazyGetOpenRouterAuthorizeUrlQuery();
  const [disconnect, disconnecting] = useDisconnectOpenRouterMutation();
  const connecting = useConnect({
    authorizeUrl: () => getAuthorizeUrl(undefined, false).unwrap(),
    openExternalUrl,
    failure: 'OpenRouter’s sign-in page could not be opened. Try again.',
    onNotConfigured: () => void integration.refetch(),
  });
  const disconnection = useDisconnect(
    () => disconnect().unwrap(),
    'OpenRouter is disconnected. Your turns are charged Mason credits again.',
    integration.data,
  );
  const connection = integration.data?.connection;

  const state = integration.isLoading ? (
    <ConnectionChecking label="Checking your OpenRouter connection" />
  ) : !integration.data ? (
    <ConnectionCheckFailed
      title="Your OpenRouter connection could not be checked"
      error={integration.error}
      retrying={integration.isFetching}
      onRetry={() => void integration.refetch()}
    />
  ) : connection ? (
    <StyledState>
      <StyledText>
        Connected since{' '}
        <time dateTime={connection.connectedAt}>{formatLongDate(connection.connectedAt)}</time>.
        Your turns run on your OpenRouter key and are not charged Mason credits; OpenRouter charges
        your account for them.
      </StyledText>
      <Button variant="outline" onClick={() => disconnection.setConfirming(true)}>
        Disconnect OpenRouter
      </Button>
    </StyledState>
  ) : (
    <StyledState>
      <StyledText>
        Connect your account to run your turns on your own OpenRouter key; you approve it on
        OpenRouter, and can disconnect it here at any time.
      </StyledText>
      <Button
        ref={disconnection.connectButton}
        loading={connecting.opening}
        loadingText="Opening OpenRouter…"
        onClick={() => void connecting.connect()}
      >
        Connect OpenRouter
      </Button>
    </StyledState>
  );

  return (
    <IntegrationCard
      name="OpenRouter"
      icon={<OpenRouterMark />}
      status={integration.data ? (connection ? CONNECTED : NOT_CONNECTED) : null}
      description="Your own OpenRouter account: your turns run on its key, OpenRouter charges you for them, and Mason charges no credits."
    >
      {state}
      {connecting.error && !connection && <Alert tone="error">{connecting.error}</Alert>}
      <VisuallyHidden role="status">{disconnection.announced}</VisuallyHidden>
      <ConfirmDialog
        open={disconnection.confirming}
        variant="destructive"
        title="Disconnect OpenRouter?"
        description="Mason forgets your OpenRouter key. Your turns go back to Mason’s models and are charged Mason credits again. Your OpenRouter account stays as it is."
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnecting.isLoading}
        onConfirm={() => void disconnection.confirmDisconnect()}
        onCancel={() => disconnection.setConfirming(false)}
      />
    </IntegrationCard>
  );
}
