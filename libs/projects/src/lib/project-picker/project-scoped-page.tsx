import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import type { Project } from '@mason/contract';
import { useGetProjectsQuery } from '@mason/api-client';
import { ArrowRightIcon, Button, EmptyState, FolderIcon, Page, PageHeader } from '@mason/ui-kit';
import { projectsPending } from '../loading-block/projects-load-error';
import { useProjectsPaths } from '../projects-paths/projects-paths';

const StyledList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledChoice = styled(Link)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: inherit;
  text-decoration: none;
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};

  &:hover {
    background: ${({ theme }) => theme.colors.muted};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }
`;

const StyledPageActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** The header actions of a project-scoped screen: the list of projects, and the project. */
export function ProjectPageActions({ projectId }: { projectId: string }) {
  const paths = useProjectsPaths();
  return (
    <StyledPageActions>
      <Button as={Link} to={paths.dashboard} variant="ghost">
        All projects
      </Button>
      <Button as={Link} to={paths.project(projectId)} variant="outline">
        Open project
      </Button>
    </StyledPageActions>
  );
}

const newestFirst = (a: Project, b: Project) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/** The `?projectId=` of a project-scoped screen (/files, /domains, /assets, /env-variables), or null. */
export function useProjectIdParam(): string | null {
  const [params] = useSearchParams();
  return params.get('projectId')?.trim() || null;
}

export interface ProjectPickerProps {
  /** The screen's title, e.g. "Environment variables". */
  title: string;
  /** What the screen does, shown under the title. */
  description: string;
  /** Where choosing a project leads (the same screen with `?projectId=`). */
  hrefFor: (projectId: string) => string;
}

/** A project-scoped screen opened without a project: the person's projects, to choose one. */
export function ProjectPicker({ title, description, hrefFor }: ProjectPickerProps) {
  const paths = useProjectsPaths();
  const query = useGetProjectsQuery();
  const { data } = query;
  const projects = [...(data?.projects ?? [])].sort(newestFirst);

  let body: ReactNode = projectsPending(query);
  if (body === null && projects.length === 0) {
    body = (
      <EmptyState
        bordered
        icon={<FolderIcon />}
        title="No projects yet"
        description="Describe an app first; then come back here to set it up."
        action={
          <Button as={Link} to={paths.newProject} trailingIcon={<ArrowRightIcon />}>
            Describe your first app
          </Button>
        }
      />
    );
  } else if (body === null) {
    body = (
      <nav aria-label="Choose a project">
        <StyledList>
          {projects.map((project) => (
            <li key={project.id}>
              <StyledChoice to={hrefFor(project.id)}>
                {project.name}
                <ArrowRightIcon aria-hidden="true" />
              </StyledChoice>
            </li>
          ))}
        </StyledList>
      </nav>
    );
  }

  return (
    <Page>
      <PageHeader title={title} description={`${description} Choose a project.`} />
      {body}
    </Page>
  );
}
