import { DomainsScreen, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /domains?projectId=…: a published project's custom domains and the DNS records to create. */
export default function Domains() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <DomainsScreen />
    </ProjectsPathsProvider>
  );
}
