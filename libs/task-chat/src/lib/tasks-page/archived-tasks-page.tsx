import {
  isApiError,
  useGetProjectsQuery,
  useGetTasksQuery,
  useUnarchiveTaskMutation,
} from '@mason/api-client';
import { Button, EmptyState, Page, PageHeader, Spinner } from '@mason/ui-kit';
import { StyledCenter, TaskListTabs } from './task-list-tabs';
import { TaskGroups } from './task-groups';

/** /archived: the tasks the person put away, each of which can come back. */
export function ArchivedTasksPage() {
  const tasks = useGetTasksQuery({ states: ['ARCHIVED'] });
  const projects = useGetProjectsQuery();
  const [unarchive, unarchiving] = useUnarchiveTaskMutation();

  return (
    <Page>
      <PageHeader
        title="Archived tasks"
        description="Tasks you put away. Unarchive one to continue it."
      />
      <TaskListTabs />
      {tasks.data ? (
        tasks.data.tasks.length === 0 ? (
          <EmptyState
            bordered
            title="Nothing archived"
            description="Tasks you archive show up here."
          />
        ) : (
          <TaskGroups
            tasks={tasks.data.tasks}
            projects={projects.data?.projects}
            actions={(task) => (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Unarchive “${task.description}”`}
                loading={unarchiving.isLoading && unarchiving.originalArgs === task.id}
                onClick={() => void unarchive(task.id)}
              >
                Unarchive
              </Button>
            )}
          />
        )
      ) : tasks.error ? (
        <EmptyState
          bordered
          title="Archived tasks could not be loaded"
          description={isApiError(tasks.error) ? tasks.error.message : undefined}
          action={<Button onClick={() => void tasks.refetch()}>Try again</Button>}
        />
      ) : (
        <StyledCenter>
          <Spinner label="Loading archived tasks" />
        </StyledCenter>
      )}
    </Page>
  );
}
