import { Link } from 'react-router';
import { Button } from '@mason/ui-kit';
import { ComingSoonPage } from '@mason/marketing';
import { paths } from '../paths';
import type { ComingSoonRoute } from '../routes';

/** Every route whose screen comes with a later issue: its title, and the way back. */
export default function ComingSoon({ title, description }: ComingSoonRoute) {
  return (
    <ComingSoonPage
      title={title}
      description={description}
      action={
        <Button as={Link} to={paths.dashboardProjects} variant="outline">
          Back to projects
        </Button>
      }
    />
  );
}
