import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import type {
  CodeHostingConflict,
  CodeHostingSync,
  ProjectCodeHostingResponse,
  ProjectRepositoryLink,
} from '@mason/contract';
import {
  useSyncProjectRepositoryMutation,
  useUnlinkProjectRepositoryMutation,
} from '@mason/api-client';
import { Alert, Badge, Button, ConfirmDialog, TextLink, type BadgeVariant } from '@mason/ui-kit';
import { ConflictNotice, listOfFiles, MergingNotice } from '../conflict-resolver/conflict-notice';
import { reasonOf } from '../shared/reason-of';
import { StyledActions, StyledStack, StyledText } from './code-hosting-styles';

const StyledDetails = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }

  dd {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    min-width: 0;
    margin: 0;
    overflow-wrap: anywhere;
  }

  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: 0.92em;
  }
`;

const StyledSummary = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  border-radius: ${({ theme }) => theme.radii.sm};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }
`;

/** The note after a merge: focused, so that the person hears what happens next. */
const StyledNote = styled.div`
  border-radius: ${({ theme }) => theme.radii.lg};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }
`;

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Jan 15, 2025, 10:05 AM": when a push happened, in the person's own time zone. */
export const formatPushTime = (iso: string): string => dateTime.format(new Date(iso));

const STATE: Record<CodeHostingSync['state'], { label: string; variant: BadgeVariant }> = {
  PUSHED: { label: 'Pushed', variant: 'success' },
  PENDING: { label: 'Pending', variant: 'warning' },
  FAILED: { label: 'Failed', variant: 'destructive' },
  IDLE: { label: 'Nothing to push yet', variant: 'secondary' },
};

const CONFLICT_STATE = { label: 'Conflict', variant: 'warning' } as const;

export interface LinkedRepositoryProps {
  projectId: string;
  link: ProjectRepositoryLink;
  sync: CodeHostingSync;
  /** Files Mason and GitHub both changed, waiting for a choice. */
  conflict: CodeHostingConflict | null;
  /** Files the assistant was asked to merge, still holding conflict markers. */
  merging: ProjectCodeHostingResponse['merging'];
  /** Focus the summary when this appears (after linking). */
  focusOnMount?: boolean;
  /** Pushing was asked for (POST .../sync answered). */
  onPushRequested: () => void;
  onUnlinked: (fullName: string) => void;
}

/**
 * The project's repository: its name (a link to GitHub), the branch, "Created by Mason" when
 * Mason made it, where pushing stands (Pushed with the commit and when, Pending, Failed with the
 * server's reason), "Push now" (POST .../sync) and "Unlink" behind a confirmation (DELETE).
 * Files both Mason and GitHub changed are named with "Resolve conflicts" (ConflictNotice); a merge
 * left to the assistant says so until Mason can push it.
 */
export function LinkedRepository({
  projectId,
  link,
  sync,
  conflict,
  merging,
  focusOnMount,
  onPushRequested,
  onUnlinked,
}: LinkedRepositoryProps) {
  const [push, pushing] = useSyncProjectRepositoryMutation();
  const [unlink, unlinking] = useUnlinkProjectRepositoryMutation();
  const [confirming, setConfirming] = useState(false);
  const [pushError, setPushError] = useState<string | null>(null);
  const [unlinkError, setUnlinkError] = useState<string | null>(null);
  const [merged, setMerged] = useState<{ assistantFiles: string[] } | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const note = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusOnMount) summary.current?.focus();
  }, [focusOnMount]);

  // After the dialog gave focus back (its button is on its way out), the note takes it.
  useEffect(() => {
    if (merged) note.current?.focus();
  }, [merged]);

  const pushNow = async () => {
    setPushError(null);
    try {
      await push({ projectId }).unwrap();
      onPushRequested();
    } catch (failure) {
      setPushError(reasonOf(failure, 'The push could not be started.'));
    }
  };

  const confirmUnlink = async () => {
    setUnlinkError(null);
    try {
      await unlink({ projectId }).unwrap();
      onUnlinked(link.fullName);
    } catch (failure) {
      setConfirming(false);
      setUnlinkError(reasonOf(failure, 'The repository could not be unlinked.'));
    }
  };

  // A conflict is a failure of its own: it waits for the person's choice, not for GitHub.
  const state = conflict ? CONFLICT_STATE : STATE[sync.state];
  const commit = sync.pushedCommit;

  return (
    <StyledStack>
      <StyledSummary ref={summary} tabIndex={-1}>
        Mason pushes each version of this project to GitHub as a commit.
      </StyledSummary>
      <StyledDetails>
        <dt>Repository</dt>
        <dd>
          <TextLink href={link.htmlUrl} external>
            {link.fullName}
          </TextLink>
          {link.internal && <Badge variant="info">Created by Mason</Badge>}
        </dd>
        <dt>Branch</dt>
        <dd>
          <code>{link.branch}</code>
        </dd>
        <dt>Push</dt>
        <dd>
          <Badge variant={state.variant}>{state.label}</Badge>
          {commit && sync.state !== 'PENDING' && (
            <span>
              {sync.state === 'PUSHED' ? 'commit' : 'last pushed'}{' '}
              <TextLink href={`${link.htmlUrl}/commit/${commit}`} external>
                <code>{commit.slice(0, 7)}</code>
              </TextLink>
              {sync.pushedAt && (
                <>
                  {' '}
                  on <time dateTime={sync.pushedAt}>{formatPushTime(sync.pushedAt)}</time>
                </>
              )}
            </span>
          )}
        </dd>
      </StyledDetails>
      {merged && (
        <StyledNote ref={note} tabIndex={-1}>
          <Alert tone="success" title="Merged">
            {merged.assistantFiles.length > 0
              ? `The assistant got a message in the chat to merge ${listOfFiles(merged.assistantFiles)}. Mason pushes the merge to GitHub once it is done.`
              : 'Mason keeps what you chose and pushes the merge to GitHub, with both sides in its history.'}
          </Alert>
        </StyledNote>
      )}
      {merging && merging.files.length > 0 ? (
        <MergingNotice files={merging.files} />
      ) : (
        sync.state === 'PENDING' && (
          <StyledText>New versions are waiting to be pushed. This updates by itself.</StyledText>
        )
      )}
      {sync.state === 'IDLE' && !commit && (
        <StyledText>The next version Mason makes is pushed as the first commit.</StyledText>
      )}
      {conflict && (
        <ConflictNotice
          projectId={projectId}
          conflict={conflict}
          onResolved={(assistantFiles) => setMerged({ assistantFiles })}
        />
      )}
      {sync.state === 'FAILED' && !conflict && (
        <Alert tone="error" title="The last push failed">
          {sync.error ?? 'GitHub did not take the push.'}{' '}
          {sync.retryAt ? (
            <>
              Mason tries again on its own at{' '}
              <time dateTime={sync.retryAt}>{formatPushTime(sync.retryAt)}</time>, or push now.
            </>
          ) : (
            'Once it is fixed, push again.'
          )}
        </Alert>
      )}
      <StyledActions>
        <Button
          variant="outline"
          loading={pushing.isLoading}
          loadingText="Pushing…"
          onClick={() => void pushNow()}
        >
          Push now
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          Unlink
        </Button>
      </StyledActions>
      {pushError && (
        <Alert
          tone="error"
          title="The push did not start"
          action={
            <Button size="sm" variant="outline" onClick={() => void pushNow()}>
              Try again
            </Button>
          }
        >
          {pushError}
        </Alert>
      )}
      {unlinkError && (
        <Alert
          tone="error"
          title="The repository is still linked"
          action={
            <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
              Try again
            </Button>
          }
        >
          {unlinkError}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        variant="destructive"
        title={`Unlink ${link.fullName}?`}
        description="Mason stops pushing this project’s versions to it. The repository and its commits stay on GitHub, and you can link it again at any time."
        confirmLabel="Unlink"
        busyLabel="Unlinking…"
        busy={unlinking.isLoading}
        onConfirm={() => void confirmUnlink()}
        onCancel={() => setConfirming(false)}
      />
    </StyledStack>
  );
}
