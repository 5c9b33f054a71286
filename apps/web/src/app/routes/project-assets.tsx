import { ProjectAssetsScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /assets?projectId=…: upload, list and delete the files a project's app uses. */
export default function ProjectAssets() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ProjectAssetsScreen />
    </ProjectsPathsProvider>
  );
}
