import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { DeploymentResponse } from '@mason/contract';
import {
  isApiError,
  useGetProjectDatabaseQuery,
  useUnpublishProjectMutation,
} from '@mason/api-client';
import {
  Alert,
  Button,
  ConfirmDialog,
  ExternalLinkIcon,
  Modal,
  Spinner,
  TextLink,
  formatDateTime,
  formatRelativeTime,
} from '@mason/ui-kit';
import { usePublishingPaths } from '../publishing-paths/publishing-paths';
import { AppAddress } from './app-address';
import { CopyButton } from './copy-button';
import { DatabaseBackups } from './database-backups';
import { DeploymentHistory } from './deployment-history';
import { hostOf, type PublishState } from './publish-state';

const StyledBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  padding-bottom: ${({ theme }) => theme.space[6]};
`;

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const StyledHeading = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledStrong = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
`;

const StyledDot = styled.span`
  display: inline-block;
  flex-shrink: 0;
  width: 8px;
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.successText};
`;

const StyledUrlRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;

  > :first-child {
    flex: 1 1 12rem;
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledLog = styled.details`
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  summary {
    cursor: pointer;
    width: fit-content;
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
  summary:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }

  pre {
    max-height: 14rem;
    overflow: auto;
    margin: ${({ theme }) => `${theme.space[2]} 0 0`};
    padding: ${({ theme }) => theme.space[3]};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.muted};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const StyledLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** The app's address as a link, with Copy and Open. */
function LiveUrl({ url }: { url: string }) {
  return (
    <StyledUrlRow>
      <TextLink href={url} target="_blank" rel="noopener noreferrer">
        {hostOf(url)}
      </TextLink>
      <CopyButton text={url} label="Copy the address" />
      <Button
        as="a"
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        variant="outline"
        leadingIcon={<ExternalLinkIcon size={14} />}
        aria-label="Open the app in a new tab"
      >
        Open
      </Button>
    </StyledUrlRow>
  );
}

interface StatusProps {
  state: PublishState;
  /** A publish was asked for and the server has not answered yet. */
  starting: boolean;
  onPublish: () => void;
}

/** Where publishing stands, and the one thing to do next (publish, update, try again). */
function PublishStatus({ state, starting, onPublish }: StatusProps) {
  const { phase, newest, live, latestVersionIndex, updateAvailable } = state;
  const publishButton = (label: ReactNode, variant: 'primary' | 'outline' = 'primary') => (
    <StyledActions>
      <Button variant={variant} loading={starting} loadingText="Publishing…" onClick={onPublish}>
        {label}
      </Button>
    </StyledActions>
  );
  const liveSince = live && (
    <StyledText>
      Version {live.versionIndex}, published{' '}
      <time
        dateTime={live.finishedAt ?? live.createdAt}
        title={formatDateTime(live.finishedAt ?? live.createdAt)}
      >
        {formatRelativeTime(live.finishedAt ?? live.createdAt)}
      </time>
      .
    </StyledText>
  );

  switch (phase) {
    case 'unpublished':
      return (
        <>
          <StyledText>
            Publish version {latestVersionIndex} to a public address that anyone can open, without
            logging in.
          </StyledText>
          {publishButton('Publish')}
        </>
      );
    case 'offline':
      return (
        <>
          <StyledText>
            The app is offline: its address answers nothing. Publish version {latestVersionIndex},
            or roll back to an earlier one below.
          </StyledText>
          {publishButton('Publish')}
        </>
      );
    case 'publishing':
      return (
        <>
          <StyledStrong>
            <Spinner size="sm" decorative />
            Publishing version {newest?.versionIndex}…
          </StyledStrong>
          <StyledText>
            {newest?.status === 'QUEUED' ? 'Waiting for a builder. ' : 'Building for production. '}
            {live
              ? `Version ${live.versionIndex} stays live until the new build succeeds.`
              : 'The address answers once the build succeeds.'}
          </StyledText>
          {live && state.url && <LiveUrl url={state.url} />}
        </>
      );
    case 'failed': {
      const newer = newest !== null && latestVersionIndex > newest.versionIndex;
      return (
        <>
          <Alert tone="error" title={`Publishing version ${newest?.versionIndex} failed`}>
            {newest?.error ?? 'The production build stopped.'}
          </Alert>
          {newest && newest.buildLog.length > 0 && (
            <StyledLog>
              <summary>
                Build log ({newest.buildLog.length}{' '}
                {newest.buildLog.length === 1 ? 'line' : 'lines'})
              </summary>
              <pre>{newest.buildLog.join('\n')}</pre>
            </StyledLog>
          )}
          {publishButton(newer ? `Publish version ${latestVersionIndex}` : 'Try again')}
          {live && state.url && (
            <>
              <StyledText>Version {live.versionIndex} is still live.</StyledText>
              <LiveUrl url={state.url} />
            </>
          )}
        </>
      );
    }
    case 'live':
      return (
        <>
          <StyledStrong>
            <StyledDot aria-hidden="true" />
            Your app is live
          </StyledStrong>
          {state.url && <LiveUrl url={state.url} />}
          {liveSince}
          {updateAvailable && (
            <>
              <StyledText>
                Version {latestVersionIndex} is newer than the live one. Updating keeps the same
                address.
              </StyledText>
              {publishButton(`Update to version ${latestVersionIndex}`)}
            </>
          )}
        </>
      );
  }
}

export interface PublishDialogProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
  /** GET /projects/:id/deployment, as the control holds it. */
  response: DeploymentResponse | undefined;
  state: PublishState | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  starting: boolean;
  onPublish: () => void;
  /** The screen-reader announcer, while the dialog is open. */
  announcer: ReactNode;
}

/** Publishing's details: state and next step, the address, the history, related settings, unpublish. */
export function PublishDialog({
  projectId,
  open,
  onClose,
  response,
  state,
  loading,
  error,
  onRetry,
  starting,
  onPublish,
  announcer,
}: PublishDialogProps) {
  const paths = usePublishingPaths();
  const ids = useId();
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const [unpublish, unpublishing] = useUnpublishProjectMutation();
  // The published app's database backups, when the app has Mason's built-in database.
  const { data: database } = useGetProjectDatabaseQuery({ projectId }, { skip: !open });
  const hasBuiltInDatabase = database?.database?.provider === 'MASON';

  const confirmUnpublish = async () => {
    try {
      await unpublish(projectId).unwrap();
      setConfirmingUnpublish(false);
    } catch {
      // The api listener says why; the question stays open for another try.
    }
  };

  let content: ReactNode;
  if (state && response) {
    content = (
      <StyledBody>
        <StyledSection aria-label="Publishing state">
          <PublishStatus state={state} starting={starting} onPublish={onPublish} />
        </StyledSection>
        {response.slug && state.url && (
          <StyledSection aria-labelledby={`${ids}-address`}>
            <StyledHeading id={`${ids}-address`}>Address</StyledHeading>
            <AppAddress projectId={projectId} slug={response.slug} url={state.url} />
          </StyledSection>
        )}
        <StyledSection aria-labelledby={`${ids}-history`}>
          <StyledHeading id={`${ids}-history`}>History</StyledHeading>
          <DeploymentHistory
            projectId={projectId}
            history={response.history}
            url={state.url}
            labelledBy={`${ids}-history`}
          />
        </StyledSection>
        {hasBuiltInDatabase && (
          <StyledSection aria-labelledby={`${ids}-backups`}>
            <StyledHeading id={`${ids}-backups`}>Database backups</StyledHeading>
            <DatabaseBackups
              projectId={projectId}
              labelledBy={`${ids}-backups`}
              publishKey={state.newest && `${state.newest.id}:${state.newest.status}`}
            />
          </StyledSection>
        )}
        <StyledSection aria-labelledby={`${ids}-settings`}>
          <StyledHeading id={`${ids}-settings`}>Settings of the published app</StyledHeading>
          <StyledLinks>
            <li>
              <Button as={Link} to={paths.domains(projectId)} size="sm" variant="outline">
                Custom domains
              </Button>
            </li>
            <li>
              <Button as={Link} to={paths.assets(projectId)} size="sm" variant="outline">
                Assets
              </Button>
            </li>
            <li>
              <Button as={Link} to={paths.envVariables(projectId)} size="sm" variant="outline">
                Environment variables
              </Button>
            </li>
          </StyledLinks>
        </StyledSection>
        {state.live && (
          <StyledSection aria-labelledby={`${ids}-offline`}>
            <StyledHeading id={`${ids}-offline`}>Take the app offline</StyledHeading>
            <StyledText>
              Its address stops answering at once. The history stays: publish or roll back to bring
              it back.
            </StyledText>
            <StyledActions>
              <Button variant="outline" size="sm" onClick={() => setConfirmingUnpublish(true)}>
                Unpublish
              </Button>
            </StyledActions>
          </StyledSection>
        )}
      </StyledBody>
    );
  } else if (loading) {
    content = (
      <StyledBody>
        <StyledStrong>
          <Spinner size="sm" label="Loading the publishing state" />
          Loading…
        </StyledStrong>
      </StyledBody>
    );
  } else {
    content = (
      <StyledBody>
        <Alert
          tone="error"
          title="Publishing could not be loaded"
          action={
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {isApiError(error) ? error.message : 'Check your connection and try again.'}
        </Alert>
      </StyledBody>
    );
  }

  return (
    <>
      <Modal open={open} onClose={onClose} title="Publish" size="md">
        {content}
        {announcer}
      </Modal>
      <ConfirmDialog
        open={confirmingUnpublish}
        variant="destructive"
        title="Unpublish the app?"
        description={`${state?.url ?? 'The app’s address'} stops answering at once. Your versions and the publish history stay.`}
        confirmLabel="Unpublish"
        busyLabel="Unpublishing…"
        busy={unpublishing.isLoading}
        onConfirm={() => void confirmUnpublish()}
        onCancel={() => setConfirmingUnpublish(false)}
      />
    </>
  );
}
