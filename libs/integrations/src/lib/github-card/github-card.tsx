import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import type { GithubIntegration } from '@mason/contract';
import {
  useDisconnectGithubMutation,
  useGetGithubIntegrationQuery,
  useLazyGetGithubAuthorizeUrlQuery,
} from '@mason/api-client';
import { Alert, Avatar, Button, ConfirmDialog, VisuallyHidden } from '@mason/ui-kit';
import { listenForGithubWindowResult } from '../github-callback/github-window-messages';
import {
  ConnectionChecking,
  ConnectionCheckFailed,
  useConnect,
  useDisconnect,
} from '../integration-card/account-connection';
import { IntegrationCard, type IntegrationStatus } from '../integration-card/integration-card';
import { openInBrowser, type OpenExternalUrl } from '../shared/external-url';
import { formatLongDate } from '../shared/format-date';
import { GithubMark } from './github-mark';
import { StyledText } from '../shared/plain-text';

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledAccount = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

const StyledAccountText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[0.5]};
  min-width: 0;
`;

const StyledLogin = styled.p`
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const DESCRIPTION =
  'Keep each project’s versions in a repository of yours, and import repositories you already have.';

const CHECKING = 'Checking your GitHub connection';

const STATUS: Record<'connected' | 'disconnected' | 'unconfigured', IntegrationStatus> = {
  connected: { label: 'Connected', variant: 'success' },
  disconnected: { label: 'Not connected', variant: 'secondary' },
  unconfigured: { label: 'Not set up', variant: 'warning' },
};

export interface GithubCardProps {
  /** Leaves Mason for GitHub's authorize page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
  /** The account just connected on the callback screen: a success notice says so. */
  justConnected?: string | null;
  /** The URL GitHub sends people back to, as an OAuth App must name it (the not-set-up hint). */
  callbackUrl: string;
}

/**
 * The GitHub card: whether this Mason server can connect GitHub at all (GET /github's
 * `configured`), the connected account (avatar, login, since when) with Disconnect behind a
 * confirmation, or Connect, which asks for GitHub's authorize page (GET
 * /github/authorize-url?flow=DEFAULT) and goes there.
 */
export function GithubCard({
  openExternalUrl = openInBrowser,
  justConnected,
  callbackUrl,
}: GithubCardProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetGithubIntegrationQuery();
  const [getAuthorizeUrl] = useLazyGetGithubAuthorizeUrlQuery();
  const [disconnect, disconnecting] = useDisconnectGithubMutation();
  const {
    opening,
    error: connectError,
    connect,
  } = useConnect({
    authorizeUrl: () => getAuthorizeUrl({ flow: 'DEFAULT' }, false).unwrap(),
    openExternalUrl,
    failure: 'GitHub’s sign-in page could not be opened. Try again.',
    // A server that lost its OAuth App answers GET /github with configured: false.
    onNotConfigured: () => void refetch(),
  });
  const { confirming, setConfirming, announced, connectButton, confirmDisconnect } = useDisconnect(
    () => disconnect().unwrap(),
    'GitHub is disconnected.',
    data,
  );
  const integration = data?.integration ?? null;
  // An account connected in a popup (/github/callback/window, opened from any Mason page of this
  // origin) shows here at once.
  useEffect(
    () =>
      listenForGithubWindowResult((result) => {
        if (result.type === 'mason:github-connected') void refetch();
      }),
    [refetch],
  );

  let status: IntegrationStatus | null = null;
  let body: ReactNode;
  if (isLoading) {
    body = <ConnectionChecking label={CHECKING} />;
  } else if (!data) {
    body = (
      <ConnectionCheckFailed
        title="Your GitHub connection could not be checked"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data.configured) {
    status = STATUS.unconfigured;
    body = (
      <StyledText>
        GitHub is not set up on this Mason server yet. Whoever runs it can turn it on: create a
        GitHub OAuth App whose callback URL is <code>{callbackUrl}</code>, then set{' '}
        <code>GITHUB_CLIENT_ID</code> and <code>GITHUB_CLIENT_SECRET</code> to its client ID and
        secret and start Mason again.
      </StyledText>
    );
  } else if (integration) {
    status = STATUS.connected;
    body = <ConnectedAccount integration={integration} onDisconnect={() => setConfirming(true)} />;
  } else {
    status = STATUS.disconnected;
    body = (
      <StyledRow>
        <StyledText>
          Mason asks GitHub for access to your repositories; you approve it on GitHub.
        </StyledText>
        <Button
          ref={connectButton}
          leadingIcon={<GithubMark size={16} />}
          loading={opening}
          loadingText="Opening GitHub…"
          onClick={() => void connect()}
        >
          Connect GitHub
        </Button>
      </StyledRow>
    );
  }

  return (
    <IntegrationCard name="GitHub" description={DESCRIPTION} icon={<GithubMark />} status={status}>
      {justConnected && integration && (
        <Alert tone="success">GitHub is connected as {justConnected}.</Alert>
      )}
      {body}
      {connectError && !integration && <Alert tone="error">{connectError}</Alert>}
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
      <ConfirmDialog
        open={confirming}
        variant="destructive"
        title="Disconnect GitHub?"
        description={`Mason forgets its access to the GitHub account ${integration?.accountLogin ?? ''} and asks GitHub to revoke it. Your repositories on GitHub stay as they are, and you can connect again at any time.`}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnecting.isLoading}
        onConfirm={() => void confirmDisconnect()}
        onCancel={() => setConfirming(false)}
      />
    </IntegrationCard>
  );
}

function ConnectedAccount({
  integration,
  onDisconnect,
}: {
  integration: GithubIntegration;
  onDisconnect: () => void;
}) {
  return (
    <StyledRow>
      <StyledAccount>
        <Avatar name={integration.accountLogin} src={integration.avatarUrl} size="lg" />
        <StyledAccountText>
          <StyledLogin>
            <VisuallyHidden>Connected account: </VisuallyHidden>
            {integration.accountLogin}
          </StyledLogin>
          <StyledText>
            Connected since{' '}
            <time dateTime={integration.connectedAt}>
              {formatLongDate(integration.connectedAt)}
            </time>
          </StyledText>
        </StyledAccountText>
      </StyledAccount>
      <StyledActions>
        <Button variant="outline" onClick={onDisconnect}>
          Disconnect
        </Button>
      </StyledActions>
    </StyledRow>
  );
}
