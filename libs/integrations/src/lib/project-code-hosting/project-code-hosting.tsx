import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import type { CodeHostingSync } from '@mason/contract';
import {
  useGetGithubIntegrationQuery,
  useGetProjectCodeHostingQuery,
  useGetProjectQuery,
} from '@mason/api-client';
import { Alert, Button, Spinner, VisuallyHidden, useFocusAfterClose } from '@mason/ui-kit';
import { GithubMark } from '../github-card/github-mark';
import { reasonOf } from '../shared/reason-of';
import { StyledSectionHeading, StyledSettingsSection } from '../shared/section-styles';
import { StyledActions, StyledLoading, StyledStack, StyledText } from './code-hosting-styles';
import { ConnectGithubPrompt } from './connect-github-prompt';
import { CreateRepositoryForm, repositoryNameFor } from './create-repository-form';
import { openBrowserPopup, type OpenGithubPopup } from './github-popup';
import { LinkedRepository } from './linked-repository';
import { RepositoryPicker } from './repository-picker';

/**
 * How often a push in progress is asked about (the server's sweep runs every 2 s): one pending
 * (a merge the assistant is making too), or a failure Mason tries again on its own (retryAt).
 */
export const PENDING_POLL_MS = 2000;

const StyledDivider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export interface ProjectCodeHostingProps {
  projectId: string;
  /** The integrations page (/dashboard/integrations): the way to connect when pop-ups are blocked. */
  integrationsHref: string;
  /** Opens the GitHub sign-in window. Default: a browser pop-up. */
  openPopup?: OpenGithubPopup;
}

type Focus = 'linked' | 'picker' | null;

/** What a screen reader hears when the push state changes on its own. */
const syncNews = (sync: CodeHostingSync): string | null => {
  if (sync.state === 'PUSHED')
    return `Pushed${sync.pushedCommit ? ` commit ${sync.pushedCommit.slice(0, 7)}` : ''}.`;
  if (sync.state === 'FAILED') return `The push failed: ${sync.error ?? 'GitHub did not take it.'}`;
  return null;
};

/**
 * The project Settings' code-hosting section (issue 15): whether this server can reach GitHub
 * (GET /github), the project's repository (GET /projects/:id/code-hosting) and where pushing
 * stands; connect GitHub in a pop-up, pick or create a repository and its branch, push now,
 * unlink. Each state says itself in a sentence; changes are announced (a polite live region) and
 * focus moves to what replaced the control that was used.
 */
export function ProjectCodeHosting({
  projectId,
  integrationsHref,
  openPopup = openBrowserPopup,
}: ProjectCodeHostingProps) {
  const headingId = useId();
  // Each opening of the Settings asks again: pushes go on while they are closed.
  const github = useGetGithubIntegrationQuery(undefined, { refetchOnMountOrArgChange: true });
  const configured = github.data?.configured === true;
  const [polling, setPolling] = useState(false);
  // Without an OAuth App every code-hosting call but GET /github answers 409: none is asked.
  const hosting = useGetProjectCodeHostingQuery(
    { projectId },
    {
      skip: !configured,
      pollingInterval: polling ? PENDING_POLL_MS : 0,
      refetchOnMountOrArgChange: true,
    },
  );
  const projectName = useGetProjectQuery(projectId).data?.name ?? '';
  const [creating, setCreating] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const [announcement, setAnnouncement] = useState('');
  const createButton = useRef<HTMLButtonElement>(null);
  const focusCreateButton = useFocusAfterClose(creating, createButton);
  const lastState = useRef<CodeHostingSync['state'] | null>(null);

  const sync = hosting.data?.sync;
  const merging = hosting.data?.merging != null;
  useEffect(() => {
    setPolling(
      merging || sync?.state === 'PENDING' || (sync?.state === 'FAILED' && sync.retryAt !== null),
    );
    const previous = lastState.current;
    lastState.current = sync?.state ?? null;
    // A push that ends while the section is open is announced.
    if (sync && previous !== null && previous !== sync.state && sync.state !== 'PENDING') {
      const news = syncNews(sync);
      if (news) setAnnouncement(news);
    }
  }, [sync, merging]);

  const refetchGithub = github.refetch;
  const onConnected = useCallback(() => {
    setAnnouncement('GitHub is connected.');
    void refetchGithub();
  }, [refetchGithub]);

  const linked = (message: string) => {
    setCreating(false);
    setFocus('linked');
    setAnnouncement(message);
  };

  let body: ReactNode;
  if (github.isLoading || (configured && hosting.isLoading)) {
    const label = github.isLoading ? 'Checking your GitHub connection' : 'Loading the repository';
    body = (
      <StyledLoading>
        <Spinner label={label} />
        <span aria-hidden="true">{label}…</span>
      </StyledLoading>
    );
  } else if (!github.data || (configured && !hosting.data)) {
    const failed = github.data ? hosting : github;
    body = (
      <Alert
        tone="error"
        title={
          github.data
            ? 'This project’s repository could not be loaded'
            : 'Your GitHub connection could not be checked'
        }
        action={
          <Button
            size="sm"
            variant="outline"
            loading={failed.isFetching}
            loadingText="Trying again…"
            onClick={() => void failed.refetch()}
          >
            Try again
          </Button>
        }
      >
        {reasonOf(failed.error, 'Check your connection, then try again.')}
      </Alert>
    );
  } else if (!configured) {
    body = (
      <StyledText>
        GitHub is not set up on this Mason server, so projects cannot be pushed to a repository yet.
        The Mason admin can turn it on: set <code>GITHUB_CLIENT_ID</code> and{' '}
        <code>GITHUB_CLIENT_SECRET</code> (a GitHub OAuth App’s) and start Mason again.
      </StyledText>
    );
  } else if (hosting.data?.link) {
    body = (
      <>
        <LinkedRepository
          projectId={projectId}
          link={hosting.data.link}
          sync={hosting.data.sync}
          conflict={hosting.data.conflict}
          merging={hosting.data.merging}
          focusOnMount={focus === 'linked'}
          onPushRequested={() => setAnnouncement('Pushing to GitHub.')}
          onUnlinked={(fullName) => {
            setFocus('picker');
            setAnnouncement(
              `Unlinked ${fullName}. Versions of this project are no longer pushed there.`,
            );
          }}
        />
        {!github.data.integration && (
          <ConnectGithubPrompt
            integrationsHref={integrationsHref}
            openPopup={openPopup}
            onConnected={onConnected}
          />
        )}
      </>
    );
  } else if (!github.data.integration) {
    body = (
      <ConnectGithubPrompt
        integrationsHref={integrationsHref}
        openPopup={openPopup}
        onConnected={onConnected}
      />
    );
  } else {
    body = (
      <>
        <StyledText>
          Pick a repository of <strong>{github.data.integration.accountLogin}</strong> and a branch:
          Mason pushes each version of this project there as a commit.
        </StyledText>
        <RepositoryPicker
          projectId={projectId}
          focusOnMount={focus === 'picker'}
          onLinked={(fullName, branch) =>
            linked(`Linked ${fullName}, branch ${branch}. Mason pushes each version there.`)
          }
        />
        <StyledDivider>or</StyledDivider>
        {creating ? (
          <CreateRepositoryForm
            projectId={projectId}
            suggestedName={repositoryNameFor(projectName)}
            onCreated={(fullName) =>
              linked(`Created ${fullName} and linked it. Mason pushes each version there.`)
            }
            onCancel={() => {
              setCreating(false);
              focusCreateButton();
            }}
          />
        ) : (
          <StyledActions>
            <Button ref={createButton} variant="outline" onClick={() => setCreating(true)}>
              Create a new repository
            </Button>
          </StyledActions>
        )}
      </>
    );
  }

  return (
    <StyledSettingsSection aria-labelledby={headingId}>
      <StyledSectionHeading id={headingId}>
        <GithubMark size={16} />
        Code hosting
      </StyledSectionHeading>
      <StyledStack>{body}</StyledStack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </StyledSettingsSection>
  );
}
