import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import styled from 'styled-components';
import { api, useDeployProjectMutation, useGetDeploymentQuery } from '@mason/api-client';
import { AlertTriangleIcon, Button, Spinner, VisuallyHidden } from '@mason/ui-kit';
import { PublishDialog } from './publish-dialog';
import { PUBLISH_POLL_MS, publishStateOf, type PublishState } from './publish-state';

const StyledDot = styled.span`
  display: inline-block;
  width: 8px;
  height: 8px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.successText};
`;

const StyledFailed = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.destructiveText};
`;

/** What a change of state says to a screen reader, or null when it says nothing. */
function announcementOf(state: PublishState): string | null {
  const { phase, newest, live, url } = state;
  switch (phase) {
    case 'publishing':
      return `Publishing version ${newest?.versionIndex}…`;
    case 'live':
      return `Version ${live?.versionIndex} is live${url ? ` at ${url}` : ''}.`;
    case 'failed':
      return `Publishing version ${newest?.versionIndex} failed.`;
    case 'offline':
      return 'The app is offline.';
    case 'unpublished':
      return null;
  }
}

/** The trigger's look and words for each state. */
function Trigger({ state, starting }: { state: PublishState | null; starting: boolean }) {
  if (!state) return <>Publish</>;
  if (starting || state.phase === 'publishing')
    return (
      <>
        <Spinner size="xs" decorative />
        Publishing…
      </>
    );
  switch (state.phase) {
    case 'live':
      return state.updateAvailable ? (
        <>Update</>
      ) : (
        <>
          <StyledDot aria-hidden="true" />
          Published
        </>
      );
    case 'failed':
      return (
        <>
          <StyledFailed aria-hidden="true">
            <AlertTriangleIcon size={14} />
          </StyledFailed>
          Publish failed
        </>
      );
    default:
      return <>Publish</>;
  }
}

export interface PublishControlProps {
  projectId: string;
}

/**
 * Publish in the workspace header: the state at a glance (not published, publishing, live,
 * update available, failed), and a dialog with the next step, the address, the history with
 * rollback, related settings and unpublish. While a deployment is on its way it asks the server
 * to answer when it ends (again every 2 s until it does) and tells screen readers how it ends.
 */
export function PublishControl({ projectId }: PublishControlProps) {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const [open, setOpen] = useState(false);
  const [polling, setPolling] = useState(false);
  const args = { projectId, newApi: true } as const;
  const [waitFor, setWaitFor] = useState<string | undefined>(undefined);
  // While a deployment is on its way, each request waits for its end (the server answers as soon
  // as it is LIVE or FAILED); one that comes back without it is sent again PUBLISH_POLL_MS later.
  const query = useGetDeploymentQuery(
    { ...args, waitFor },
    { pollingInterval: polling ? PUBLISH_POLL_MS : 0 },
  );
  const [deploy, deploying] = useDeployProjectMutation();
  const state = query.data ? publishStateOf(query.data) : null;
  const inProgress = state?.phase === 'publishing';
  const waitingFor = inProgress ? state.newest?.id : undefined;
  useEffect(() => setWaitFor(waitingFor), [waitingFor]);
  useEffect(() => setPolling(inProgress), [inProgress]);

  // Say what changed (not what was there when the page opened).
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<string | null>(null);
  const key = state ? `${state.phase}:${state.newest?.id ?? ''}:${state.live?.id ?? ''}` : null;
  useEffect(() => {
    if (!state || key === null) return;
    const before = seen.current;
    seen.current = key;
    if (before === null || before === key) return;
    const message = announcementOf(state);
    if (message) setAnnouncement(message);
    // The project names its live address (the dashboard card shows it).
    if (state.phase === 'live' || state.phase === 'offline')
      dispatch(api.util.invalidateTags([{ type: 'Project', id: projectId }]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` sums up `state`
  }, [key]);

  const publish = async () => {
    try {
      const deployment = await deploy({ projectId, newApi: true }).unwrap();
      // Publishing shows at once; the refetch the mutation asked for confirms it.
      dispatch(
        api.util.updateQueryData('getDeployment', args, (draft) => {
          draft.deployment = deployment;
          draft.history = [deployment, ...draft.history.filter(({ id }) => id !== deployment.id)];
        }),
      );
    } catch {
      // The api listener says why.
    }
  };

  const announcer = <VisuallyHidden role="status">{announcement}</VisuallyHidden>;
  const primary =
    !state ||
    state.phase === 'unpublished' ||
    state.phase === 'offline' ||
    (state.phase === 'live' && state.updateAvailable);

  return (
    <>
      <Button
        size="sm"
        variant={primary && !deploying.isLoading ? 'primary' : 'outline'}
        aria-haspopup="dialog"
        aria-expanded={open}
        loading={query.isLoading}
        onClick={() => setOpen(true)}
      >
        <Trigger state={state} starting={deploying.isLoading} />
      </Button>
      {!open && announcer}
      <PublishDialog
        projectId={projectId}
        open={open}
        onClose={() => setOpen(false)}
        response={query.data}
        state={state}
        loading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        starting={deploying.isLoading}
        onPublish={() => void publish()}
        announcer={open ? announcer : null}
      />
    </>
  );
}
