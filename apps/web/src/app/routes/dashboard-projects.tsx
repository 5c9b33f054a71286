import { VerifyEmailReminder } from '@mason/auth';
import { CheckoutRetryNotice } from '@mason/billing';
import { ProjectsDashboard, ProjectsPathsProvider } from '@mason/projects';
import { projectsPaths } from '../projects-paths';

/**
 * /dashboard/projects: where a person lands after login, with the e-mail reminder above the list,
 * and the checkout to try again when the plan chosen at sign-up could not go to checkout.
 */
export default function DashboardProjects() {
  return (
    <ProjectsPathsProvider paths={projectsPaths}>
      <ProjectsDashboard
        notice={
          <>
            <CheckoutRetryNotice />
            <VerifyEmailReminder />
          </>
        }
      />
    </ProjectsPathsProvider>
  );
}
