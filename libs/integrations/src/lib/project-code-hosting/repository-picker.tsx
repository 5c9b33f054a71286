import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { BranchNameSchema } from '@mason/contract';
import { useLinkProjectRepositoryMutation } from '@mason/api-client';
import { Alert, Button, TextField } from '@mason/ui-kit';
import { reasonOf } from '../shared/reason-of';
import { StyledActions } from './code-hosting-styles';
import { NEW_BRANCH, RepositoryChooser, type RepositoryChoice } from './repository-chooser';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

export interface RepositoryPickerProps {
  projectId: string;
  /** Focus the search field when this appears (after an unlink). */
  focusOnMount?: boolean;
  /** The project is linked: the answer of PUT /projects/:id/code-hosting. */
  onLinked: (fullName: string, branch: string) => void;
}

/**
 * Connected, not linked: find a repository (RepositoryChooser), pick its branch (the default one
 * first) or name a new one, and Link (PUT /projects/:id/code-hosting).
 */
export function RepositoryPicker({ projectId, focusOnMount, onLinked }: RepositoryPickerProps) {
  const [choice, setChoice] = useState<RepositoryChoice | null>(null);
  const [newBranch, setNewBranch] = useState('');
  const [branchError, setBranchError] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [link, linking] = useLinkProjectRepositoryMutation();
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusOnMount) searchRef.current?.focus();
  }, [focusOnMount]);

  const choose = (next: RepositoryChoice) => {
    if (next.repository.id !== choice?.repository.id) setNewBranch('');
    setChoice(next);
    setBranchError(null);
    setLinkError(null);
  };

  const selected = choice?.repository ?? null;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!choice || !selected) return;
    setLinkError(null);
    let chosen = choice.branch;
    if (chosen === NEW_BRANCH) {
      const parsed = BranchNameSchema.safeParse(newBranch);
      if (!parsed.success) {
        setBranchError(parsed.error.issues[0]?.message ?? 'That is not a valid branch name.');
        return;
      }
      chosen = parsed.data;
    }
    setBranchError(null);
    try {
      await link({ projectId, fullName: selected.fullName, branch: chosen }).unwrap();
      onLinked(selected.fullName, chosen);
    } catch (failure) {
      setLinkError(reasonOf(failure, 'The repository could not be linked. Try again.'));
    }
  };

  return (
    <StyledForm aria-label="Link a repository" onSubmit={(event) => void submit(event)}>
      <RepositoryChooser
        value={choice}
        onChange={choose}
        allowNewBranch
        branchHint="Mason pushes each version of this project there."
        searchRef={searchRef}
      />
      {choice?.branch === NEW_BRANCH && (
        <TextField
          label="New branch name"
          hint="The first push makes it."
          autoComplete="off"
          value={newBranch}
          error={branchError ?? undefined}
          onChange={(event) => setNewBranch(event.target.value)}
        />
      )}
      <StyledActions>
        <Button
          type="submit"
          disabled={!selected}
          loading={linking.isLoading}
          loadingText="Linking…"
        >
          {selected ? `Link ${selected.fullName}` : 'Link'}
        </Button>
      </StyledActions>
      {linkError && (
        <Alert
          tone="error"
          title="The repository is not linked"
          action={
            <Button size="sm" variant="outline" onClick={() => void submit()}>
              Try again
            </Button>
          }
        >
          {linkError}
        </Alert>
      )}
    </StyledForm>
  );
}
