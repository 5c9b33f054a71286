import { NewProjectScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /dashboard/projects/new: describe an app, pick a model, attach images. */
export default function NewProject() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <NewProjectScreen />
    </ProjectsPathsProvider>
  );
}
