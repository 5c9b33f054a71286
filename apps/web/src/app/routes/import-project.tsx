import { ImportProjectScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /dashboard/projects/existing: import a public git repository as a project. */
export default function ImportProject() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ImportProjectScreen />
    </ProjectsPathsProvider>
  );
}
