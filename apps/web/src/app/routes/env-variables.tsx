import { EnvVariablesScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /env-variables?projectId=…: a project's environment variables (a project picker without one). */
export default function EnvVariables() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <EnvVariablesScreen />
    </ProjectsPathsProvider>
  );
}
