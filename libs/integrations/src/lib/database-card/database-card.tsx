import type { ReactNode } from 'react';
import styled from 'styled-components';
import {
  useDisconnectSupabaseMutation,
  useGetSupabaseIntegrationQuery,
  useLazyGetSupabaseAuthorizeUrlQuery,
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

const StyledKinds = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  list-style: disc;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

const StyledAccount = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding-top: ${({ theme }) => theme.space[4]};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledAccountHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

/** A cylinder: the usual mark of a database. */
function DatabaseMark() {
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
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5" />
      <path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </svg>
  );
}

const CHECKING = 'Checking your Supabase connection';

const STATUS: Record<'connected' | 'disconnected' | 'unconfigured', IntegrationStatus> = {
  connected: { label: 'Supabase connected', variant: 'success' },
  disconnected: { label: 'Supabase not connected', variant: 'secondary' },
  unconfigured: { label: 'Supabase not set up', variant: 'warning' },
};

export interface DatabaseCardProps {
  /** Leaves Mason for Supabase's authorize page. Default: window.location.assign. */
  openExternalUrl?: OpenExternalUrl;
  /** The URL Supabase sends people back to, as its OAuth app must name it (the not-set-up hint). */
  redirectUrl: string;
}

/**
 * The Database card of /integrations (issue 34 §5): where an app's data can live (chosen per
 * project, in its Settings under Database), and the person's Supabase account: connecting it
 * (Supabase's OAuth) lets a project attach one of its projects by choosing it. Without an OAuth
 * app on the server, the card says what to set.
 */
export function DatabaseCard({ openExternalUrl = openInBrowser, redirectUrl }: DatabaseCardProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetSupabaseIntegrationQuery();
  const [getAuthorizeUrl] = useLazyGetSupabaseAuthorizeUrlQuery();
  const [disconnect, disconnecting] = useDisconnectSupabaseMutation();
  const {
    opening,
    error: connectError,
    connect,
  } = useConnect({
    authorizeUrl: () => getAuthorizeUrl(undefined, false).unwrap(),
    openExternalUrl,
    failure: 'Supabase’s sign-in page could not be opened. Try again.',
    onNotConfigured: () => void refetch(),
  });
  const { confirming, setConfirming, announced, connectButton, confirmDisconnect } = useDisconnect(
    () => disconnect().unwrap(),
    'Supabase is disconnected.',
    data,
  );
  const connection = data?.connection ?? null;

  let status: IntegrationStatus | null = null;
  let account: ReactNode;
  if (isLoading) {
    account = <ConnectionChecking label={CHECKING} />;
  } else if (!data) {
    account = (
      <ConnectionCheckFailed
        title="Your Supabase connection could not be checked"
        error={error}
        retrying={isFetching}
        onRetry={() => void refetch()}
      />
    );
  } else if (!data.configured) {
    status = STATUS.unconfigured;
    account = (
      <StyledText>
        Connecting a Supabase account is not set up on this Mason server. Whoever runs it can turn
        it on: create a Supabase OAuth app whose redirect URL is <code>{redirectUrl}</code>, then
        set <code>SUPABASE_CLIENT_ID</code> and <code>SUPABASE_CLIENT_SECRET</code> to its client ID
        and secret and start Mason again. Meanwhile, attach a Supabase project with its URL, anon
        key and database password.
      </StyledText>
    );
  } else if (connection) {
    status = STATUS.connected;
    account = (
      <StyledRow>
        <StyledText>
          Connected since{' '}
          <time dateTime={connection.connectedAt}>{formatLongDate(connection.connectedAt)}</time>. A
          project’s Settings list your Supabase projects to attach.
        </StyledText>
        <Button variant="outline" onClick={() => setConfirming(true)}>
          Disconnect Supabase
        </Button>
      </StyledRow>
    );
  } else {
    status = STATUS.disconnected;
    account = (
      <StyledRow>
        <StyledText>
          Connect your account to attach a Supabase project by choosing it; you approve it on
          Supabase.
        </StyledText>
        <Button
          ref={connectButton}
          loading={opening}
          loadingText="Opening Supabase…"
          onClick={() => void connect()}
        >
          Connect Supabase
        </Button>
      </StyledRow>
    );
  }

  return (
    <IntegrationCard
      name="Database"
      icon={<DatabaseMark />}
      status={status}
      description="Where an app keeps its data and its users. Each project chooses its own, in its Settings under Database."
    >
      <StyledKinds>
        <li>
          The built-in database: a development one for the preview and a production one once
          published, with time travel.
        </li>
        <li>A Supabase project, attached with its database password.</li>
        <li>Any PostgreSQL database on a public address, attached with its connection URL.</li>
      </StyledKinds>
      <StyledAccount aria-label="Supabase account">
        <StyledAccountHeading>Supabase account</StyledAccountHeading>
        {account}
        {connectError && !connection && <Alert tone="error">{connectError}</Alert>}
      </StyledAccount>
      <VisuallyHidden role="status">{announced}</VisuallyHidden>
      <ConfirmDialog
        open={confirming}
        variant="destructive"
        title="Disconnect Supabase?"
        description="Mason forgets its access to your Supabase account. Projects already attached stay attached, and your Supabase projects stay as they are."
        confirmLabel="Disconnect"
        busyLabel="Disconnecting…"
        busy={disconnecting.isLoading}
        onConfirm={() => void confirmDisconnect()}
        onCancel={() => setConfirming(false)}
      />
    </IntegrationCard>
  );
}
