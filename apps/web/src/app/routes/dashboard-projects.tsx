import { VerifyEmailReminder } from '@mason/auth';
import { ProjectsDashboard, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/** /dashboard/projects: where a person lands after login, with the e-mail reminder above the list. */
export default function DashboardProjects() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ProjectsDashboard notice={<VerifyEmailReminder />} />
    </ProjectsPathsProvider>
  );
}
