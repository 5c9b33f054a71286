import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { useGetGithubIntegrationQuery } from '@mason/api-client';
import { Alert, Button, Spinner, VisuallyHidden } from '@mason/ui-kit';
import { reasonOf } from '../shared/reason-of';
import { StyledLoading, StyledText } from '../project-code-hosting/code-hosting-styles';
import { ConnectGithubPrompt } from '../project-code-hosting/connect-github-prompt';
import { openBrowserPopup, type OpenGithubPopup } from '../project-code-hosting/github-popup';
import {
  RepositoryChooser,
  type RepositoryChoice,
} from '../project-code-hosting/repository-chooser';

const StyledSource = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** The repository to import: GitHub's id, its branch, and its name (the project's default name). */
export interface GithubImportSelection {
  readonly repositoryId: string;
  readonly branch: string;
  readonly name: string;
}

export interface GithubImportSourceProps {
  /** The chosen repository and branch, or null when none is. */
  onChange: (selection: GithubImportSelection | null) => void;
  /** Why the import form cannot go on with this source ("Pick a repository…"). */
  error?: string;
  /** The integrations page: where to connect when the browser blocks the pop-up. */
  integrationsHref: string;
  /** Opens the GitHub sign-in window. Default: a browser pop-up. */
  openPopup?: OpenGithubPopup;
}

/**
 * The import screen's "Your GitHub" source: a repository of the connected account, private ones
 * too (POST /projects with repositoryId), and its branch. Without a connection, "Connect GitHub"
 * opens GitHub's sign-in in a pop-up, so the form stays as it is; without a GitHub app on the
 * server, a sentence says so.
 */
export function GithubImportSource({
  onChange,
  error,
  integrationsHref,
  openPopup = openBrowserPopup,
}: GithubImportSourceProps) {
  const github = useGetGithubIntegrationQuery();
  const [choice, setChoice] = useState<RepositoryChoice | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const refetch = github.refetch;
  const onConnected = useCallback(() => {
    setAnnouncement('GitHub is connected. Pick the repository to import.');
    void refetch();
  }, [refetch]);

  const choose = (next: RepositoryChoice) => {
    setChoice(next);
    onChange({
      repositoryId: next.repository.id,
      branch: next.branch,
      name: next.repository.name,
    });
  };

  let body;
  if (github.isLoading) {
    body = (
      <StyledLoading>
        <Spinner label="Checking your GitHub connection" />
        <span aria-hidden="true">Checking your GitHub connection…</span>
      </StyledLoading>
    );
  } else if (!github.data) {
    body = (
      <Alert
        tone="error"
        title="Your GitHub connection could not be checked"
        action={
          <Button size="sm" variant="outline" onClick={() => void github.refetch()}>
            Try again
          </Button>
        }
      >
        {reasonOf(github.error, 'Check your connection, then try again.')}
      </Alert>
    );
  } else if (!github.data.configured) {
    body = (
      <StyledText>
        GitHub is not set up on this Mason server, so your repositories cannot be listed here. The
        Mason admin can turn it on: set <code>GITHUB_CLIENT_ID</code> and{' '}
        <code>GITHUB_CLIENT_SECRET</code> (a GitHub OAuth App’s). Meanwhile, import a public
        repository by its address.
      </StyledText>
    );
  } else if (!github.data.integration) {
    body = (
      <>
        <StyledText>
          Connect your GitHub account to import one of your repositories, private ones too. Mason
          then pushes each new version of the project back to it.
        </StyledText>
        <ConnectGithubPrompt
          integrationsHref={integrationsHref}
          openPopup={openPopup}
          onConnected={onConnected}
        />
      </>
    );
  } else {
    body = (
      <>
        <StyledText>
          Connected as <strong>{github.data.integration.accountLogin}</strong>. The project stays
          linked to the repository: each new version is pushed to its branch.
        </StyledText>
        <RepositoryChooser
          value={choice}
          onChange={choose}
          branchHint="Mason imports this branch, and pushes each new version to it."
        />
        {error && <StyledError role="alert">{error}</StyledError>}
      </>
    );
  }

  return (
    <StyledSource>
      {body}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </StyledSource>
  );
}
