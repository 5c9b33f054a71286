import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import type { CodeHostingConflictDetailResponse, ConflictChoice } from '@mason/contract';
import {
  isApiError,
  useGetProjectCodeHostingConflictQuery,
  useResolveProjectCodeHostingConflictMutation,
} from '@mason/api-client';
import { Alert, Button, Modal, Spinner } from '@mason/ui-kit';
import { reasonOf } from '../shared/reason-of';
import { StyledText } from '../shared/plain-text';
import { ConflictFileChoice } from './conflict-file';

/** Wide enough for both sides of a file beside each other on a desktop. */
const StyledModal = styled(Modal)`
  && {
    max-width: min(64rem, 100%);
  }
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledBulk = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledProgress = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

/** What the 409 says: the conflict moved on while the person was choosing. */
export const CONFLICT_CHANGED_MESSAGE =
  'GitHub or Mason has something new since you looked. Look at the files again.';

/**
 * Why the merge was refused: a conflict that moved on (409), the server's own words on the
 * choices (400: a file without one, or one the assistant cannot merge), or the usual reason.
 */
function problemOf(failure: unknown): string {
  if (isApiError(failure) && failure.status === 409) return CONFLICT_CHANGED_MESSAGE;
  if (isApiError(failure) && failure.status === 400 && failure.serverMessage)
    return failure.serverMessage;
  return reasonOf(failure, 'The merge could not be made.');
}

type Choices = Readonly<Record<string, ConflictChoice>>;

/**
 * The choices still standing after the conflict was asked again: a file whose sides are as they
 * were keeps its choice; a changed or new file waits for a new look.
 */
function choicesStillStanding(
  choices: Choices,
  before: CodeHostingConflictDetailResponse,
  now: CodeHostingConflictDetailResponse,
): Choices {
  const same = (path: string) => {
    const old = before.files.find((file) => file.path === path);
    const current = now.files.find((file) => file.path === path);
    return (
      old !== undefined &&
      current !== undefined &&
      JSON.stringify([old.mason, old.github]) === JSON.stringify([current.mason, current.github])
    );
  };
  return Object.fromEntries(Object.entries(choices).filter(([path]) => same(path)));
}

export interface ConflictResolverDialogProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
  /** The merge was made: `assistantFiles` are those left to the assistant (none: pushed now). */
  onResolved: (assistantFiles: string[]) => void;
}

/**
 * "Resolve conflicts": each file Mason and GitHub both changed (GET .../code-hosting/conflict),
 * both sides to compare and a choice per file, then Merge (POST .../code-hosting/conflict). A
 * conflict that moved on meanwhile (409) is asked again, with the choices of unchanged files
 * kept; one resolved already (404) says so. Each opening asks the server again.
 */
export function ConflictResolverDialog({ open, ...props }: ConflictResolverDialogProps) {
  // Mounted while open only: each opening starts from the conflict as the server has it.
  return open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ projectId, onClose, onResolved }: Omit<ConflictResolverDialogProps, 'open'>) {
  const formId = useId();
  const progressId = useId();
  const [posting, setPosting] = useState(false);
  // Not asked while the merge is posted: its success makes the conflict go away (a 404), and a
  // refusal asks again as the subscription comes back.
  const conflict = useGetProjectCodeHostingConflictQuery(
    { projectId },
    { refetchOnMountOrArgChange: true, skip: posting },
  );
  const [resolve] = useResolveProjectCodeHostingConflictMutation();
  const [choices, setChoices] = useState<Choices>({});
  // The files shown: the newest answer (kept while the merge is posted).
  const [detail, setDetail] = useState<CodeHostingConflictDetailResponse | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  // A new answer (after a 409): keep only the choices of files that did not change.
  if (conflict.data !== undefined && conflict.data !== detail) {
    setDetail(conflict.data);
    if (detail) setChoices(choicesStillStanding(choices, detail, conflict.data));
  }
  const loaded = detail !== undefined;
  // Once the files are there, focus goes to the first choice (the dialog opened on a spinner).
  useEffect(() => {
    if (loaded) form.current?.querySelector<HTMLInputElement>('input:enabled')?.focus();
  }, [loaded]);

  const busy = posting;
  const close = () => {
    if (!busy) onClose();
  };
  const files = detail?.files ?? [];
  const chosen = files.filter(({ path }) => choices[path] !== undefined).length;
  const ready = detail !== undefined && chosen === files.length && !conflict.isFetching;
  const resolved = isApiError(conflict.error) && conflict.error.status === 404;

  const chooseAll = (keep: ConflictChoice) =>
    setChoices(Object.fromEntries(files.map(({ path }) => [path, keep])));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!detail || !ready || busy) return;
    setProblem(null);
    setPosting(true);
    const request = files.map(({ path }) => ({ path, keep: choices[path] as ConflictChoice }));
    try {
      await resolve({ projectId, theirs: detail.theirs, files: request }).unwrap();
      onResolved(request.filter(({ keep }) => keep === 'ASSISTANT').map(({ path }) => path));
    } catch (failure) {
      setProblem(problemOf(failure));
      // The conflict is asked again as the query comes back (a 409 shows what changed).
      setPosting(false);
    }
  };

  let body;
  let footer;
  if (resolved) {
    body = (
      <Alert tone="success" title="The conflict is resolved already">
        Nothing waits for a choice any more: Mason and GitHub agree again.
      </Alert>
    );
    footer = <Button onClick={onClose}>Close</Button>;
  } else if (conflict.isLoading || (conflict.isFetching && !detail)) {
    body = (
      <StyledLoading>
        <Spinner label="Loading the files" />
        <span aria-hidden="true">Loading the files…</span>
      </StyledLoading>
    );
    footer = (
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
    );
  } else if (!detail || (conflict.error && !conflict.isFetching)) {
    body = (
      <Alert
        tone="error"
        title="The files could not be loaded"
        action={
          <Button
            size="sm"
            variant="outline"
            loading={conflict.isFetching}
            loadingText="Trying again…"
            onClick={() => void conflict.refetch()}
          >
            Try again
          </Button>
        }
      >
        {reasonOf(conflict.error, 'Check your connection, then try again.')}
      </Alert>
    );
    footer = (
      <Button variant="outline" onClick={onClose}>
        Cancel
      </Button>
    );
  } else {
    body = (
      <StyledForm
        ref={form}
        id={formId}
        aria-label="Choose what to keep"
        onSubmit={(event) => void submit(event)}
      >
        <StyledText>
          Keep Mason’s side or GitHub’s of each file, or let the assistant merge the two in the
          chat. Nothing is lost: both sides stay in the project’s history and on GitHub.
        </StyledText>
        {files.length > 1 && (
          <StyledBulk>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => chooseAll('MASON')}>
              Keep all Mason’s
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => chooseAll('GITHUB')}>
              Keep all GitHub’s
            </Button>
          </StyledBulk>
        )}
        {files.map((file) => (
          <ConflictFileChoice
            key={file.path}
            file={file}
            choice={choices[file.path]}
            disabled={busy}
            onChoose={(keep) => setChoices((current) => ({ ...current, [file.path]: keep }))}
          />
        ))}
        {problem && (
          <Alert tone="error" title="Nothing was merged">
            {problem}
          </Alert>
        )}
        <StyledProgress id={progressId}>
          {conflict.isFetching
            ? 'Looking at the files again…'
            : `${chosen} of ${files.length} ${files.length === 1 ? 'file' : 'files'} chosen.`}
        </StyledProgress>
      </StyledForm>
    );
    footer = (
      <>
        <Button variant="outline" disabled={busy} onClick={close}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          disabled={!ready}
          loading={busy}
          loadingText="Merging…"
          aria-describedby={progressId}
        >
          Merge
        </Button>
      </>
    );
  }

  return (
    <StyledModal
      open
      onClose={close}
      title="Resolve conflicts"
      description="Mason and GitHub both changed these files. Choose what to keep of each."
      size="lg"
      closeOnBackdropClick={!busy}
      closeOnEscape={!busy}
      // Resolved already: the footer's Close is the one way out.
      showCloseButton={!resolved}
      footer={footer}
    >
      {body}
    </StyledModal>
  );
}
