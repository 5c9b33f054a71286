import { useId } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { cardSurface } from '../styles/surfaces';
import type { Project, ProjectStatus } from '@mason/contract';
import { useDownloadProjectCode } from '@mason/api-client';
import {
  Badge,
  Button,
  DownloadCodeButton,
  FileIcon,
  TextLink,
  TrashIcon,
  VisuallyHidden,
  type BadgeVariant,
} from '@mason/ui-kit';
import { formatExactTime, formatRelativeTime } from '../format/relative-time';
import { ProjectThumbnail } from '../project-thumbnail/project-thumbnail';
import { useProjectsPaths } from '../projects-paths/projects-paths';

/** A project's status in words, and how it looks. */
export const PROJECT_STATUS_LABELS: Readonly<
  Record<ProjectStatus, { label: string; variant: BadgeVariant }>
> = {
  CREATING: { label: 'Creating', variant: 'info' },
  READY: { label: 'Ready', variant: 'success' },
  BUILDING: { label: 'Building', variant: 'warning' },
  FAILED: { label: 'Failed', variant: 'destructive' },
};

/** A project whose newest turn changed nothing: a label on READY, not a status of its own. */
export const NO_CHANGES_STATUS = { label: 'No changes made', variant: 'secondary' } as const;

/** The badge of a project: its status, or "No changes made" after a turn that changed nothing. */
export function projectStatusLabel(project: Pick<Project, 'status' | 'noChanges'>) {
  return project.status === 'READY' && project.noChanges
    ? NO_CHANGES_STATUS
    : PROJECT_STATUS_LABELS[project.status];
}

const EXCERPT_LENGTH = 160;
const LAST_CHANGE_LENGTH = 70;

/** The first words of a description, cut at a word boundary. */
export function excerpt(text: string, length: number = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length);
  const space = cut.lastIndexOf(' ');
  return `${(space > length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

const StyledCard = styled.article`
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  ${cardSurface}
`;

// The picture runs to the card's edges, above the name.
const StyledThumbnail = styled(ProjectThumbnail)`
  margin: ${({ theme }) => `calc(-1 * ${theme.space[5]}) calc(-1 * ${theme.space[5]}) 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => `calc(${theme.radii.lg} - 1px) calc(${theme.radii.lg} - 1px) 0 0`};
`;

const StyledTop = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledName = styled.h2`
  margin: 0;
  min-width: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
  overflow-wrap: anywhere;

  a {
    color: inherit;
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  a:hover {
    text-decoration: underline;
    text-underline-offset: 4px;
  }
  a:focus-visible {
    outline: none;
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledDescription = styled.p`
  margin: 0;
  flex: 1;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  overflow-wrap: anywhere;
`;

const StyledMeta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};

  > :last-child {
    margin-left: auto;
  }
`;

const StyledLive = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
  overflow-wrap: anywhere;

  /* A long address wraps inside the card, its new-tab icon with it. */
  a {
    display: inline;
  }
  a svg {
    display: inline;
    margin-left: ${({ theme }) => theme.space[1]};
    vertical-align: -1px;
  }
`;

const StyledLiveDot = styled.span`
  display: inline-block;
  width: 8px;
  height: 8px;
  margin-right: ${({ theme }) => theme.space[1.5]};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.successText};
`;

/** The published app's address, opened in a new tab. */
function LiveLink({ url }: { url: string }) {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Shown as given.
  }
  return (
    <StyledLive>
      <StyledLiveDot aria-hidden="true" />
      Live at{' '}
      <TextLink href={url} external>
        {host}
      </TextLink>
    </StyledLive>
  );
}

export interface ProjectCardProps {
  project: Project;
  /** Now, in ms (the list ticks it so "5 minutes ago" stays true). */
  now: number;
  onDelete: (project: Project) => void;
}

/**
 * One project in the dashboard: a picture of the app (or its initial), name, description, status,
 * when it was made, and what to do with it.
 */
export function ProjectCard({ project, now, onDelete }: ProjectCardProps) {
  const paths = useProjectsPaths();
  const titleId = useId();
  const status = projectStatusLabel(project);
  const code = useDownloadProjectCode(project.id);
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledThumbnail
        projectId={project.id}
        name={project.name}
        versionId={project.thumbnailVersionId ?? null}
      />
      <StyledTop>
        <StyledName id={titleId}>
          <Link to={paths.project(project.id)}>{project.name}</Link>
        </StyledName>
        <Badge variant={status.variant}>
          <VisuallyHidden>Status: </VisuallyHidden>
          {status.label}
        </Badge>
      </StyledTop>
      {project.description ? (
        <StyledDescription title={project.description}>
          {excerpt(project.description)}
        </StyledDescription>
      ) : (
        <StyledDescription>No description.</StyledDescription>
      )}
      <StyledMeta>
        Created{' '}
        <time dateTime={project.createdAt} title={formatExactTime(project.createdAt)}>
          {formatRelativeTime(project.createdAt, now)}
        </time>
      </StyledMeta>
      {project.lastChange && (
        <StyledMeta title={project.lastChange.summary}>
          Last change{' '}
          <time dateTime={project.lastChange.at} title={formatExactTime(project.lastChange.at)}>
            {formatRelativeTime(project.lastChange.at, now)}
          </time>
          : {excerpt(project.lastChange.summary, LAST_CHANGE_LENGTH)}
        </StyledMeta>
      )}
      {project.liveUrl && <LiveLink url={project.liveUrl} />}
      <StyledActions>
        <Button
          as={Link}
          to={paths.project(project.id)}
          size="sm"
          aria-label={`Open ${project.name}`}
        >
          Open
        </Button>
        <Button
          as={Link}
          to={paths.files(project.id)}
          size="sm"
          variant="ghost"
          leadingIcon={<FileIcon />}
          aria-label={`Files of ${project.name}`}
        >
          Files
        </Button>
        <DownloadCodeButton code={code} projectName={project.name} />
        <Button
          size="sm"
          variant="ghost"
          leadingIcon={<TrashIcon />}
          aria-label={`Delete ${project.name}`}
          onClick={() => onDelete(project)}
        >
          Delete
        </Button>
      </StyledActions>
    </StyledCard>
  );
}
