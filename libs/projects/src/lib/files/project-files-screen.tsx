import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { useGetProjectQuery } from '@mason/api-client';
import { Page, PageHeader } from '@mason/ui-kit';
import {
  ProjectPageActions,
  ProjectPicker,
  useProjectIdParam,
} from '../project-picker/project-scoped-page';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { ProjectFilesPanel } from './project-files-panel';

const StyledPanel = styled(ProjectFilesPanel)`
  height: calc(100vh - 16rem);
  min-height: 28rem;
`;

/**
 * /files?projectId=…&filePath=…: browse the files of a project's newest version, read-only. The
 * open file is kept in the URL, so it can be shared and survives a reload.
 */
export function ProjectFilesScreen() {
  const paths = useProjectsPaths();
  const [params, setParams] = useSearchParams();
  const projectId = useProjectIdParam();
  const filePath = params.get('filePath');
  const { data: project } = useGetProjectQuery(projectId ?? '', { skip: !projectId });

  const selectPath = useCallback(
    (path: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('filePath', path);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (!projectId) {
    return (
      <ProjectPicker
        title="Files"
        description="Browse the files of a project’s newest version, read-only."
        hrefFor={paths.files}
      />
    );
  }

  return (
    <Page width="wide">
      <PageHeader
        title={project ? `Files of ${project.name}` : 'Files'}
        description="The files of the project’s newest version, read-only. Ask Mason in the chat to change them."
        actions={<ProjectPageActions projectId={projectId} />}
      />
      <StyledPanel projectId={projectId} selectedPath={filePath} onSelectPath={selectPath} />
    </Page>
  );
}
