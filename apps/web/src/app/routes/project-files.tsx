import { ProjectFilesScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /files?projectId=…: the files of a project's newest version, read-only, highlighted. */
export default function ProjectFiles() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ProjectFilesScreen />
    </ProjectsPathsProvider>
  );
}
