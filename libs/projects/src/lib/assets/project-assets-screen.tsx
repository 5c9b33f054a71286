import styled from 'styled-components';
import { useGetProjectQuery } from '@mason/api-client';
import { Page, PageHeader } from '@mason/ui-kit';
import {
  ProjectPageActions,
  ProjectPicker,
  useProjectIdParam,
} from '../project-picker/project-scoped-page';
import { useProjectsPaths } from '../projects-paths/projects-paths';
import { AssetList } from './asset-list';
import { AssetUploadZone } from './asset-upload-zone';

const StyledSections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

/**
 * /assets?projectId=…: the files a project's app uses (images, fonts, …). Each upload goes into
 * the app's public/ folder as a new version; the list shows each with a thumbnail, its size and
 * the path to use in code, and deletes one (a version too).
 */
export function ProjectAssetsScreen() {
  const paths = useProjectsPaths();
  const projectId = useProjectIdParam();
  const { data: project } = useGetProjectQuery(projectId ?? '', { skip: !projectId });

  if (!projectId) {
    return (
      <ProjectPicker
        title="Assets"
        description="Upload images, fonts and other files an app uses."
        hrefFor={paths.assets}
      />
    );
  }

  return (
    <Page width="wide">
      <PageHeader
        title={project ? `Assets of ${project.name}` : 'Assets'}
        description="Images, fonts and other files the app uses. Each upload goes into the app’s public/ folder as a new version: use its path in code, or ask the assistant to."
        actions={<ProjectPageActions projectId={projectId} />}
      />
      <StyledSections>
        <AssetUploadZone projectId={projectId} />
        <AssetList projectId={projectId} />
      </StyledSections>
    </Page>
  );
}
