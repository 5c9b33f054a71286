import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ProjectDescriptionSchema, ProjectNameSchema, type Project } from '@mason/contract';
import { useUpdateProjectMutation } from '@mason/api-client';
import {
  ArrowLeftIcon,
  Button,
  FolderIcon,
  Input,
  PencilIcon,
  Textarea,
  focusRingStyles,
} from '@mason/ui-kit';
import { DownloadCodeButton } from '../download-code/download-code-button';
import { PublishControl } from '../publish/publish-control';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledBack = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  flex-shrink: 0;
  margin-top: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[1.5]}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-decoration: none;
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }
`;

const StyledMain = styled.div`
  display: grid;
  /* On a phone the actions move to a line of their own rather than squeeze the name. */
  flex: 1 1 12rem;
  gap: ${({ theme }) => theme.space[0.5]};
  min-width: 0;
`;

const StyledLine = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
`;

const StyledName = styled.h1`
  margin: 0;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

const StyledDescription = styled.p`
  margin: 0;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 40rem;
`;

const StyledFormRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledActions = styled.div`
  display: flex;
  flex-shrink: 0;
  margin-left: auto;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[0.5]};
`;

type Field = 'name' | 'description';

interface InlineEditProps {
  field: Field;
  project: Project;
  onDone: () => void;
}

/** Edits one field in place: Enter (Ctrl+Enter for the description) saves, Escape cancels. */
function InlineEdit({ field, project, onDone }: InlineEditProps) {
  const [value, setValue] = useState(project[field]);
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdateProjectMutation();
  const errorId = useId();
  const label = field === 'name' ? 'Project name' : 'Project description';

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = (field === 'name' ? ProjectNameSchema : ProjectDescriptionSchema).safeParse(
      value,
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check this value.');
      return;
    }
    if (parsed.data === project[field]) {
      onDone();
      return;
    }
    try {
      await update({ projectId: project.id, [field]: parsed.data }).unwrap();
      onDone();
    } catch {
      // The api listener says why; the edit stays open for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && (field === 'name' || event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  const control = {
    'aria-label': label,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    value,
    autoFocus: true,
    onKeyDown,
  } as const;

  return (
    <StyledForm aria-label={`Edit the ${field}`} onSubmit={(event) => void save(event)}>
      {field === 'name' ? (
        <Input {...control} size="sm" onChange={(event) => setValue(event.target.value)} />
      ) : (
        <Textarea {...control} rows={3} onChange={(event) => setValue(event.target.value)} />
      )}
      {error && <StyledError id={errorId}>{error}</StyledError>}
      <StyledFormRow>
        <Button type="submit" size="sm" loading={updating.isLoading} loadingText="Saving…">
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={updating.isLoading}>
          Cancel
        </Button>
      </StyledFormRow>
    </StyledForm>
  );
}

export interface ProjectHeaderProps {
  project: Project;
}

/** The workspace's header: the way back, the project's name and description (editable in place). */
export function ProjectHeader({ project }: ProjectHeaderProps) {
  const paths = useTaskChatPaths();
  const [editing, setEditing] = useState<Field | null>(null);
  const renameButton = useRef<HTMLButtonElement>(null);
  const describeButton = useRef<HTMLButtonElement>(null);

  const done = (field: Field) => () => {
    setEditing(null);
    // Focus goes back to the button that opened the edit.
    requestAnimationFrame(() =>
      (field === 'name' ? renameButton : describeButton).current?.focus(),
    );
  };

  return (
    <StyledHeader>
      <StyledBack to={paths.dashboard}>
        <ArrowLeftIcon size={14} />
        Projects
      </StyledBack>
      <StyledMain>
        {editing === 'name' ? (
          <InlineEdit field="name" project={project} onDone={done('name')} />
        ) : (
          <StyledLine>
            <StyledName title={project.name}>{project.name}</StyledName>
            <Button
              ref={renameButton}
              variant="ghost"
              size="icon-sm"
              aria-label="Rename the project"
              title="Rename"
              onClick={() => setEditing('name')}
            >
              <PencilIcon size={14} />
            </Button>
          </StyledLine>
        )}
        {editing === 'description' ? (
          <InlineEdit field="description" project={project} onDone={done('description')} />
        ) : (
          <StyledLine>
            <StyledDescription title={project.description || undefined}>
              {project.description || 'No description.'}
            </StyledDescription>
            <Button
              ref={describeButton}
              variant="ghost"
              size="icon-sm"
              aria-label="Edit the description"
              title="Edit the description"
              onClick={() => setEditing('description')}
            >
              <PencilIcon size={12} />
            </Button>
          </StyledLine>
        )}
      </StyledMain>
      <StyledActions>
        <Button
          as={Link}
          to={paths.files(project.id)}
          size="sm"
          variant="outline"
          leadingIcon={<FolderIcon size={14} />}
        >
          Files
        </Button>
        <DownloadCodeButton projectId={project.id} />
        <PublishControl projectId={project.id} />
      </StyledActions>
    </StyledHeader>
  );
}
