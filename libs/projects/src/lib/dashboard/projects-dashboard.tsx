import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Project } from '@mason/contract';
import { useDeleteProjectMutation, useGetProjectsQuery } from '@mason/api-client';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Page,
  PageHeader,
  PlusIcon,
  SparklesIcon,
  VisuallyHidden,
  useFocusAfterClose,
} from '@mason/ui-kit';
import { projectsPending } from '../loading-block/projects-load-error';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { ProjectCard } from './project-card';
import { PromptBox } from './prompt-box';

/** While a project is being created or built, the list asks the server again this often. */
export const BUSY_PROJECTS_POLL_MS = 5000;
const CLOCK_TICK_MS = 60_000;

const StyledGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

/** Now, in ms, refreshed every minute so relative times stay true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const newestFirst = (a: Project, b: Project) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

export interface ProjectsDashboardProps {
  /** Shown above the list (the shell puts the e-mail verification reminder here). */
  notice?: ReactNode;
}

/** /dashboard/projects: the person's projects, newest first, to open, browse or delete; or the way to the first one. */
export function ProjectsDashboard({ notice }: ProjectsDashboardProps) {
  const paths = useProjectsPaths();
  const [busy, setBusy] = useState(false);
  const query = useGetProjectsQuery(undefined, {
    pollingInterval: busy ? BUSY_PROJECTS_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const { data, isLoading } = query;
  const [deleteProject, { isLoading: deleting }] = useDeleteProjectMutation();
  const [pending, setPending] = useState<Project | null>(null);
  const [deletedIds, setDeletedIds] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const now = useNow();

  const projects = useMemo(
    () => [...(data?.projects ?? [])].filter(({ id }) => !deletedIds.has(id)).sort(newestFirst),
    [data, deletedIds],
  );
  const anyBusy = projects.some(({ status }) => status === 'CREATING' || status === 'BUILDING');
  useEffect(() => setBusy(anyBusy), [anyBusy]);

  // The card that had focus is gone: once the dialog has closed (and given focus back to an
  // opener that is no longer there), the page's heading takes it.
  const headingTakesFocus = useFocusAfterClose(pending !== null, headingRef);

  const confirmDelete = async () => {
    if (!pending) return;
    const { id, name } = pending;
    try {
      await deleteProject(id).unwrap();
      setDeletedIds((ids) => new Set(ids).add(id));
      setAnnouncement(`Deleted ${name}.`);
      setPending(null);
      headingTakesFocus();
    } catch {
      // The api listener has shown the catalogue's message; the project stays in the list.
      setPending(null);
    }
  };

  const newProject = (
    <>
      <Button as={Link} to={paths.importProject} variant="outline">
        Import
      </Button>
      <Button as={Link} to={paths.newProject} leadingIcon={<PlusIcon />}>
        New project
      </Button>
    </>
  );

  let body: ReactNode = projectsPending(query);
  if (body === null && projects.length === 0) {
    body = (
      <EmptyState
        bordered
        icon={<SparklesIcon />}
        title="No projects yet"
        description="Describe the app you want in plain words. Mason writes the code and shows it running, and you keep chatting to change it."
        action={
          <Button as={Link} to={paths.newProject} leadingIcon={<SparklesIcon />}>
            Describe your first app
          </Button>
        }
        secondaryAction={
          <Button as={Link} to={paths.importProject} variant="outline">
            Import a repository
          </Button>
        }
      />
    );
  } else if (body === null) {
    body = (
      <StyledGrid aria-label="Projects">
        {projects.map((project) => (
          <li key={project.id}>
            <ProjectCard project={project} now={now} onDelete={setPending} />
          </li>
        ))}
      </StyledGrid>
    );
  }

  return (
    // Three columns of project cards on a desktop screen.
    <Page width="large">
      {notice}
      <PageHeader
        ref={headingRef}
        title="Your projects"
        description="Every app you described to Mason, newest first."
        actions={projects.length > 0 || isLoading ? newProject : null}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      <PromptBox />
      {body}
      <ConfirmDialog
        open={pending !== null}
        variant="destructive"
        title={pending ? `Delete “${pending.name}”?` : ''}
        description="The project, its tasks, its chat and every version of its files are deleted. This cannot be undone."
        confirmLabel="Delete project"
        busyLabel="Deleting…"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </Page>
  );
}
