import { useSearchParams } from 'react-router';
import { GithubImportSource } from '@mason/integrations';
import { ImportProjectScreen, ProjectsPathsProvider } from '@mason/projects';
import { paths } from '../paths';
import { projectsPaths } from '../projects-paths';

/**
 * /dashboard/projects/existing: import a public git repository by its address, or one of the
 * connected GitHub account (?from=github opens on it: where connecting GitHub for an import
 * comes back to).
 */
export default function ImportProject() {
  const [searchParams] = useSearchParams();
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ImportProjectScreen
        initialSource={searchParams.get('from') === 'github' ? 'github' : 'address'}
        githubSource={(props) => (
          <GithubImportSource {...props} integrationsHref={paths.dashboardIntegrations} />
        )}
      />
    </ProjectsPathsProvider>
  );
}
