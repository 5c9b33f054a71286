import { NavLink } from 'react-router';
import styled from 'styled-components';
import { focusRingStyles } from '@mason/ui-kit';
import { useTaskChatPaths } from '../task-chat-paths/task-chat-paths';

const StyledTabs = styled.nav`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  a {
    margin-bottom: -1px;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-bottom: 2px solid transparent;
    border-radius: ${({ theme }) => `${theme.radii.sm} ${theme.radii.sm} 0 0`};
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    text-decoration: none;
    ${focusRingStyles}
  }
  a:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.foreground};
    border-bottom-color: ${({ theme }) => theme.colors.foreground};
  }
`;

/** Active and archived tasks, as two links (the current one marked). */
export function TaskListTabs() {
  const paths = useTaskChatPaths();
  return (
    <StyledTabs aria-label="Task lists">
      <NavLink to={paths.tasks} end>
        Active
      </NavLink>
      <NavLink to={paths.archived} end>
        Archived
      </NavLink>
    </StyledTabs>
  );
}

export const StyledCenter = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
`;
