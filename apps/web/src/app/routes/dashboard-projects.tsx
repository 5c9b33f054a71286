import { Link } from 'react-router';
import { VerifyEmailReminder } from '@mason/auth';
import { ComingSoonPage } from '@mason/marketing';
import { Button } from '@mason/ui-kit';
import { paths } from '../paths';

/** /dashboard/projects: where a person lands after login. The project list comes with the task-loop issue. */
export default function DashboardProjects() {
  return (
    <ComingSoonPage
      notice={<VerifyEmailReminder />}
      title="Your projects"
      description="Soon you will describe an app here and watch Mason build it. Projects, the chat and the live preview arrive in the next release."
      action={
        <Button as={Link} to={paths.settings} variant="outline">
          Account settings
        </Button>
      }
    />
  );
}
