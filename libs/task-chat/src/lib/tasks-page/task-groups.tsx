import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { Project, Task } from '@mason/contract';
import { Badge, focusRingStyles } from '@mason/ui-kit';
import { formatDateTime, formatRelativeTime } from '../format/format-time';
import { taskStateLabel } from '../task-state/task-state';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';

const StyledGroups = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[8]};
`;

const StyledGroup = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledGroupTitle = styled.h2`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};

  a {
    color: inherit;
    text-decoration: none;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRingStyles}
  }
  a:hover {
    text-decoration: underline;
  }
`;

const StyledList = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;

  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const StyledItem = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  background: ${({ theme }) => theme.colors.card};
`;

const StyledText = styled.div`
  display: grid;
  flex: 1;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;

  a {
    overflow: hidden;
    color: ${({ theme }) => theme.colors.foreground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    text-decoration: none;
    text-overflow: ellipsis;
    white-space: nowrap;
    border-radius: ${({ theme }) => theme.radii.sm};
    ${focusRingStyles}
  }
  a:hover {
    text-decoration: underline;
  }
`;

const StyledMeta = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export interface TaskGroupsProps {
  tasks: readonly Task[];
  /** Known projects, for their names. */
  projects: readonly Project[] | undefined;
  /** Buttons at the end of a task's row (archive, unarchive). */
  actions?: (task: Task) => ReactNode;
}

/** Tasks grouped by project (the project with the newest change first), each linked to its page. */
export function TaskGroups({ tasks, projects, actions }: TaskGroupsProps) {
  const paths = useTaskChatPaths();
  const groups = useMemo(() => {
    const byProject = new Map<string, Task[]>();
    for (const task of [...tasks].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))) {
      const list = byProject.get(task.projectId) ?? [];
      list.push(task);
      byProject.set(task.projectId, list);
    }
    return [...byProject.entries()];
  }, [tasks]);
  const names = new Map(projects?.map((project) => [project.id, project.name]));

  return (
    <StyledGroups>
      {groups.map(([projectId, list]) => {
        const name = names.get(projectId) ?? 'Project';
        return (
          <StyledGroup key={projectId} aria-label={name}>
            <StyledGroupTitle>
              <Link to={paths.project(projectId)}>{name}</Link>
            </StyledGroupTitle>
            <StyledList>
              {list.map((task) => {
                const state = taskStateLabel(task);
                return (
                  <StyledItem key={task.id}>
                    <StyledText>
                      <Link to={paths.task(task.id)} title={task.description}>
                        {task.description}
                      </Link>
                      <StyledMeta>
                        <Badge variant={state.variant}>{state.label}</Badge>
                        <time dateTime={task.updatedAt} title={formatDateTime(task.updatedAt)}>
                          Updated {formatRelativeTime(task.updatedAt)}
                        </time>
                      </StyledMeta>
                    </StyledText>
                    {actions?.(task)}
                  </StyledItem>
                );
              })}
            </StyledList>
          </StyledGroup>
        );
      })}
    </StyledGroups>
  );
}
