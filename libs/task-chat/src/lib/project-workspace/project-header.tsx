import { useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ProjectNameSchema, type Project } from '@mason/contract';
import { useDownloadProjectCode, useUpdateProjectMutation } from '@mason/api-client';
import {
  ArrowLeftIcon,
  Button,
  DownloadCodeButton,
  FolderIcon,
  HistoryIcon,
  Input,
  LogoMark,
  PencilIcon,
  SettingsIcon,
  focusRingStyles,
  useFocusAfterClose,
  visuallyHiddenStyles,
} from '@mason/ui-kit';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';
import { ProjectSettings } from './project-settings';
import { useProvideProjectSettingsOpener } from '../needs-attention-card/project-settings-opener';

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 48px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  ${({ theme }) => theme.media.md} {
    flex-wrap: nowrap;
  }
`;

const StyledHome = styled(Link)`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  padding: ${({ theme }) => theme.space[1]};
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRingStyles}
`;

const StyledBack = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  flex-shrink: 0;
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

/** A label shown from the md breakpoint up; on a phone the icon stays, the name is still read. */
const StyledWideOnly = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    ${visuallyHiddenStyles}
  }
`;

const StyledMain = styled.div`
  display: flex;
  flex: 1 1 8rem;
  align-items: center;
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
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

const StyledForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 32rem;
`;

const StyledError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.destructiveText};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledActions = styled.div`
  display: flex;
  flex-shrink: 0;
  flex-wrap: wrap;
  align-items: center;
  margin-left: auto;
  gap: ${({ theme }) => theme.space[1.5]};

  ${({ theme }) => theme.media.md} {
    flex-wrap: nowrap;
  }
`;

interface RenameProps {
  project: Project;
  onDone: () => void;
}

/** Renames the project in place: Enter saves, Escape cancels. */
function Rename({ project, onDone }: RenameProps) {
  const [value, setValue] = useState(project.name);
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdateProjectMutation();
  const errorId = useId();

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = ProjectNameSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check this value.');
      return;
    }
    if (parsed.data === project.name) {
      onDone();
      return;
    }
    try {
      await update({ projectId: project.id, name: parsed.data }).unwrap();
      onDone();
    } catch {
      // The api listener says why; the edit stays open for another try.
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };

  return (
    <StyledForm aria-label="Edit the name" onSubmit={(event) => void save(event)}>
      <Input
        aria-label="Project name"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value}
        autoFocus
        size="sm"
        onKeyDown={onKeyDown}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button type="submit" size="sm" loading={updating.isLoading} loadingText="Saving…">
        Save
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} disabled={updating.isLoading}>
        Cancel
      </Button>
      {error && <StyledError id={errorId}>{error}</StyledError>}
    </StyledForm>
  );
}

export interface ProjectHeaderProps {
  project: Project;
  /** After the name: the task switcher and "New task". */
  tasks?: ReactNode;
  /** Between the name and the actions: the workspace's view switches (Preview, Code). */
  views?: ReactNode;
  /** The history toggle's state; absent: no toggle. */
  historyOpen?: boolean;
  onToggleHistory?: () => void;
  /** The id of the history panel the toggle controls. */
  historyId?: string;
  /** The actions of other features, after Settings (Publish). */
  actions?: ReactNode;
  /** The end of the bar: the account menu (or log-in links). */
  end?: ReactNode;
}

/**
 * The workspace's one slim bar: the way home and back, the project's name (renamed in place),
 * the views, the history toggle, and the actions (Files, Download, Settings, then the shell's:
 * Publish).
 */
export function ProjectHeader({
  project,
  tasks,
  views,
  historyOpen,
  onToggleHistory,
  historyId,
  actions,
  end,
}: ProjectHeaderProps) {
  const paths = useTaskChatPaths();
  const [renaming, setRenaming] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const code = useDownloadProjectCode(project.id);
  // The chat opens the Settings too (a commit made outside Mason points to its code hosting).
  useProvideProjectSettingsOpener(() => setSettingsOpen(true));

  // Focus goes back to the button that opened the edit, once it is there again.
  const focusRenameButton = useFocusAfterClose(renaming, renameButton);
  const doneRenaming = () => {
    setRenaming(false);
    focusRenameButton();
  };

  return (
    <StyledHeader>
      <StyledHome to={paths.dashboard} aria-label="Mason home">
        <LogoMark size={22} />
      </StyledHome>
      <StyledBack to={paths.dashboard}>
        <ArrowLeftIcon size={14} />
        <StyledWideOnly>Projects</StyledWideOnly>
      </StyledBack>
      <StyledMain>
        {renaming ? (
          <Rename project={project} onDone={doneRenaming} />
        ) : (
          <StyledLine>
            <StyledName title={project.description || project.name}>{project.name}</StyledName>
            <Button
              ref={renameButton}
              variant="ghost"
              size="icon-sm"
              aria-label="Rename the project"
              title="Rename"
              onClick={() => setRenaming(true)}
            >
              <PencilIcon size={14} />
            </Button>
          </StyledLine>
        )}
      </StyledMain>
      {tasks}
      {views}
      <StyledActions>
        {onToggleHistory && (
          <Button
            size="sm"
            variant={historyOpen ? 'secondary' : 'ghost'}
            leadingIcon={<HistoryIcon size={14} />}
            aria-pressed={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            onClick={onToggleHistory}
          >
            History
          </Button>
        )}
        <Button
          as={Link}
          to={paths.files(project.id)}
          size="sm"
          variant="ghost"
          leadingIcon={<FolderIcon size={14} />}
        >
          <StyledWideOnly>Files</StyledWideOnly>
        </Button>
        <DownloadCodeButton code={code} placement="bar" />
        <Button
          size="icon-sm"
          variant="ghost"
          aria-label="Project settings"
          title="Project settings"
          aria-haspopup="dialog"
          onClick={() => setSettingsOpen(true)}
        >
          <SettingsIcon size={16} />
        </Button>
        {actions}
        {end}
      </StyledActions>
      <ProjectSettings
        project={project}
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
      />
    </StyledHeader>
  );
}
