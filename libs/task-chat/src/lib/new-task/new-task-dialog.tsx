import { useId, useMemo, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { TaskDescriptionSchema, type Task } from '@mason/contract';
import { useCreateTaskMutation, useGetProjectFilePathsQuery } from '@mason/api-client';
import { Button, FormField, Input, Modal, ModelPicker, Textarea } from '@mason/ui-kit';
import { useModelChoice } from '../model-choice/use-model-choice';

/** The contract's bound on the files a task reads first. */
const MAX_FILE_PATHS = 100;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledFiles = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space[1.5]};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

const StyledFileList = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  max-height: 12rem;
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
    padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    cursor: pointer;
  }
  label:hover {
    background: ${({ theme }) => theme.colors.muted};
  }
`;

const StyledNote = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

export interface NewTaskDialogProps {
  projectId: string;
  open: boolean;
  onClose: () => void;
  /** The task was made (POST /tasks): the workspace shows its chat. */
  onCreated: (task: Task) => void;
}

/**
 * "New task": another line of work on the same project (POST /tasks), with the files the
 * assistant reads first (filePaths, SPEC.md 3) picked from the newest version.
 */
export function NewTaskDialog({ projectId, open, onClose, onCreated }: NewTaskDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title="New task" size="md">
      {open && <NewTaskForm projectId={projectId} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function NewTaskForm({ projectId, onClose, onCreated }: Omit<NewTaskDialogProps, 'open'>) {
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [createTask, creating] = useCreateTaskMutation();
  const paths = useGetProjectFilePathsQuery(projectId);
  const { model, modelToSend, choose, models } = useModelChoice();
  const filterId = useId();

  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return (paths.data?.filePaths ?? []).filter((path) => path.toLowerCase().includes(needle));
  }, [paths.data, filter]);

  const toggle = (path: string) =>
    setPicked((current) =>
      current.includes(path)
        ? current.filter((other) => other !== path)
        : current.length < MAX_FILE_PATHS
          ? [...current, path]
          : current,
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = TaskDescriptionSchema.safeParse(description);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Describe the task.');
      return;
    }
    try {
      const task = await createTask({
        projectId,
        description: parsed.data,
        model: await modelToSend(),
        ...(picked.length ? { filePaths: [...picked] } : {}),
      }).unwrap();
      onCreated(task);
      onClose();
    } catch {
      // The api listener says why; the form stays open for another try.
    }
  };

  return (
    <StyledForm aria-label="New task" noValidate onSubmit={(event) => void submit(event)}>
      <FormField label="What should this task do?" error={error ?? undefined}>
        <Textarea
          rows={4}
          value={description}
          autoFocus
          placeholder="Add a settings page where people change their display name."
          onChange={(event) => {
            setDescription(event.target.value);
            setError(null);
          }}
        />
      </FormField>
      <StyledFiles>
        <legend>Files the assistant reads first (optional)</legend>
        <Input
          id={filterId}
          size="sm"
          aria-label="Filter the files"
          placeholder="Filter, e.g. App.tsx"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        {paths.isLoading ? (
          <StyledNote>Loading the files…</StyledNote>
        ) : paths.error ? (
          <StyledNote>The files could not be loaded; the task can start without them.</StyledNote>
        ) : shown.length === 0 ? (
          <StyledNote>No file matches.</StyledNote>
        ) : (
          <StyledFileList aria-label="Files">
            {shown.map((path) => (
              <li key={path}>
                <label>
                  <input
                    type="checkbox"
                    checked={picked.includes(path)}
                    onChange={() => toggle(path)}
                  />
                  {path}
                </label>
              </li>
            ))}
          </StyledFileList>
        )}
        <StyledNote aria-live="polite">
          {picked.length === 0
            ? 'None picked: the assistant looks for what it needs.'
            : `${picked.length} picked.`}
        </StyledNote>
      </StyledFiles>
      <StyledFooter>
        <ModelPicker value={model} onChange={choose} models={models?.models} />
        <div>
          <Button variant="ghost" onClick={onClose} disabled={creating.isLoading}>
            Cancel
          </Button>
          <Button type="submit" loading={creating.isLoading} loadingText="Starting…">
            Start the task
          </Button>
        </div>
      </StyledFooter>
    </StyledForm>
  );
}
