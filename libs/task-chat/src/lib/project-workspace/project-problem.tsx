import { Link } from 'react-router';
import { isApiError } from '@mason/api-client';
import { Button, EmptyState } from '@mason/ui-kit';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';

/** Why the project could not be shown: not there (or not the person's), or a failure to retry. */
export function ProjectProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const paths = useTaskChatPaths();
  const status = isApiError(error) ? error.status : null;
  if (status === 404 || status === 403)
    return (
      <EmptyState
        titleAs="h1"
        title="This project does not exist or is not yours"
        description="Check the address, or open one of your projects."
        action={
          <Button as={Link} to={paths.dashboard}>
            Go to your projects
          </Button>
        }
      />
    );
  return (
    <EmptyState
      titleAs="h1"
      title="The project could not be loaded"
      description={isApiError(error) ? error.message : undefined}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
