import { ProjectsPathsProvider, PromptBox } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** The landing page's start for a signed-in person: the dashboard's prompt box. */
export default function LandingPrompt() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <PromptBox />
    </ProjectsPathsProvider>
  );
}
