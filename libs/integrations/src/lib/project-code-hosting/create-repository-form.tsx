import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { RepositoryNameSchema } from '@mason/contract';
import { isApiError, useCreateProjectRepositoryMutation } from '@mason/api-client';

import { Alert, Button, TextField } from '@mason/ui-kit';
import { reasonOf } from '../shared/reason-of';
import { StyledActions, StyledFieldset } from './code-hosting-styles';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledChoices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[5]};
`;

const StyledChoice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  cursor: pointer;

  input {
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** A project's name as a repository name: lowercase, dashes, GitHub's characters only. */
export const repositoryNameFor = (projectName: string): string =>
  projectName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);

export interface CreateRepositoryFormProps {
  projectId: string;
  /** The name it starts with (the project's, as a repository name). */
  suggestedName: string;
  onCreated: (fullName: string) => void;
  onCancel: () => void;
}

/**
 * A new repository on the person's GitHub account, linked to the project (POST
 * /projects/:id/code-hosting/repository): its name and whether it is private.
 */
export function CreateRepositoryForm({
  projectId,
  suggestedName,
  onCreated,
  onCancel,
}: CreateRepositoryFormProps) {
  const [name, setName] = useState(suggestedName);
  const [isPrivate, setIsPrivate] = useState(true);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreateProjectRepositoryMutation();
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    nameRef.current?.focus();
  }, []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setError(null);
    const parsed = RepositoryNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'That is not a valid repository name.');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    try {
      const answer = await create({ projectId, name: parsed.data, private: isPrivate }).unwrap();
      onCreated(answer.link?.fullName ?? parsed.data);
    } catch (failure) {
      const message = reasonOf(failure, 'The repository could not be created. Try again.');
      const field = isApiError(failure) ? failure.fieldErrors?.['name'] : undefined;
      if (field) setNameError(field);
      else setError(message);
    }
  };

  return (
    <StyledForm aria-label="Create a new repository" onSubmit={(event) => void submit(event)}>
      <TextField
        ref={nameRef}
        label="Repository name"
        hint="Made on your GitHub account, empty; Mason pushes this project’s versions to it."
        autoComplete="off"
        value={name}
        error={nameError ?? undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <StyledFieldset>
        <legend>Visibility</legend>
        <StyledChoices>
          <StyledChoice>
            <input
              type="radio"
              name={`visibility-${projectId}`}
              checked={isPrivate}
              onChange={() => setIsPrivate(true)}
            />
            Private
          </StyledChoice>
          <StyledChoice>
            <input
              type="radio"
              name={`visibility-${projectId}`}
              checked={!isPrivate}
              onChange={() => setIsPrivate(false)}
            />
            Public
          </StyledChoice>
        </StyledChoices>
      </StyledFieldset>
      <StyledActions>
        <Button type="submit" loading={creating.isLoading} loadingText="Creating…">
          Create and link
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={creating.isLoading}>
          Cancel
        </Button>
      </StyledActions>
      {error && (
        <Alert
          tone="error"
          title="The repository was not created"
          action={
            <Button size="sm" variant="outline" onClick={() => void submit()}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      )}
    </StyledForm>
  );
}
