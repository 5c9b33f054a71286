import { Link } from 'react-router';
import styled from 'styled-components';
import { isApiError, useGetProjectQuery, useGetTaskQuery } from '@mason/api-client';
import {
  ArrowLeftIcon,
  Button,
  EmptyState,
  Spinner,
  focusRingStyles,
  visuallyHiddenStyles,
} from '@mason/ui-kit';
import { TaskChat } from '../task-chat/task-chat';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';

export interface TaskPageProps {
  taskId: string;
}

const StyledPage = styled.main`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: 56rem;
  height: calc(100dvh - 3.5rem);
  min-height: 32rem;
  margin: 0 auto;
`;

const StyledBar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};

  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRingStyles}
  }
  a:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }
`;

const StyledHeading = styled.h1`
  ${visuallyHiddenStyles}
`;

const StyledChat = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
  margin: ${({ theme }) => `0 ${theme.space[4]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
`;

const StyledCenter = styled.div`
  display: flex;
  flex: 1;
  align-items: center;
  justify-content: center;
  padding: ${({ theme }) => theme.space[6]};
`;

/** /task/:id: one task's chat, with the way to its project. */
export function TaskPage({ taskId }: TaskPageProps) {
  const paths = useTaskChatPaths();
  const task = useGetTaskQuery(taskId);
  const project = useGetProjectQuery(task.data?.projectId ?? '', { skip: !task.data });

  if (!task.data) {
    const status = isApiError(task.error) ? task.error.status : null;
    return (
      <StyledPage>
        <StyledCenter>
          {!task.error ? (
            <Spinner label="Loading the task" />
          ) : status === 404 || status === 403 ? (
            <EmptyState
              titleAs="h1"
              title="This task does not exist or is not yours"
              action={
                <Button as={Link} to={paths.tasks}>
                  See your tasks
                </Button>
              }
            />
          ) : (
            <EmptyState
              titleAs="h1"
              title="The task could not be loaded"
              description={isApiError(task.error) ? task.error.message : undefined}
              action={<Button onClick={() => void task.refetch()}>Try again</Button>}
            />
          )}
        </StyledCenter>
      </StyledPage>
    );
  }

  return (
    <StyledPage>
      <StyledHeading>Task: {task.data.description}</StyledHeading>
      <StyledBar aria-label="Task navigation">
        <Link to={task.data.state === 'ARCHIVED' ? paths.archived : paths.tasks}>
          <ArrowLeftIcon size={14} /> All tasks
        </Link>
        <Link to={`${paths.project(task.data.projectId)}?taskId=${encodeURIComponent(taskId)}`}>
          Open {project.data ? `“${project.data.name}”` : 'the project'}
        </Link>
      </StyledBar>
      <StyledChat>
        <TaskChat taskId={taskId} />
      </StyledChat>
    </StyledPage>
  );
}
