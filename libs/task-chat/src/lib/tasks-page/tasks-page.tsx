import { Link } from 'react-router';
import { taskCommands, type TaskState } from '@mason/contract';
import {
  isApiError,
  useArchiveTaskMutation,
  useGetProjectsQuery,
  useGetTasksQuery,
} from '@mason/api-client';
import { Button, EmptyState, Page, PageHeader, Spinner } from '@mason/ui-kit';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';
import { StyledCenter, TaskListTabs } from './task-list-tabs';
import { TaskGroups } from './task-groups';

/** The states of the tasks /tasks lists (every one but ARCHIVED). */
export const ACTIVE_TASK_STATES: TaskState[] = ['PENDING', 'IN_PROGRESS', 'COMPLETED', 'FAILED'];

/** /tasks: every task of the person that is not archived, grouped by project. */
export function TasksPage() {
  const paths = useTaskChatPaths();
  const tasks = useGetTasksQuery({ states: ACTIVE_TASK_STATES });
  const projects = useGetProjectsQuery();
  const [archive, archiving] = useArchiveTaskMutation();

  return (
    <Page>
      <PageHeader
        title="Tasks"
        description="What the assistant is working on, and what it has done, in every project."
      />
      <TaskListTabs />
      {tasks.data ? (
        tasks.data.tasks.length === 0 ? (
          <EmptyState
            bordered
            title="No tasks yet"
            description="Describe an app and the assistant starts its first task."
            action={
              <Button as={Link} to={paths.newProject}>
                New project
              </Button>
            }
          />
        ) : (
          <TaskGroups
            tasks={tasks.data.tasks}
            projects={projects.data?.projects}
            actions={(task) =>
              taskCommands(task).archive ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Archive “${task.description}”`}
                  loading={archiving.isLoading && archiving.originalArgs === task.id}
                  onClick={() => void archive(task.id)}
                >
                  Archive
                </Button>
              ) : null
            }
          />
        )
      ) : tasks.error ? (
        <EmptyState
          bordered
          title="Your tasks could not be loaded"
          description={isApiError(tasks.error) ? tasks.error.message : undefined}
          action={<Button onClick={() => void tasks.refetch()}>Try again</Button>}
        />
      ) : (
        <StyledCenter>
          <Spinner label="Loading your tasks" />
        </StyledCenter>
      )}
    </Page>
  );
}
