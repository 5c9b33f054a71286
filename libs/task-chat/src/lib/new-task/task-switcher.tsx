import { useId, useState } from 'react';
import styled from 'styled-components';
import { useGetTasksQuery } from '@mason/api-client';
import { Button, PlusIcon, Select } from '@mason/ui-kit';
import { taskStateLabel } from '../task-state/task-state';
import { NewTaskDialog } from './new-task-dialog';

const StyledSwitcher = styled.div`
  display: flex;
  flex-shrink: 1;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;

  select {
    max-width: 16rem;
    text-overflow: ellipsis;
  }
`;

const MAX_LABEL = 48;
const short = (text: string) =>
  text.length <= MAX_LABEL ? text : `${text.slice(0, MAX_LABEL - 1).trimEnd()}…`;

export interface TaskSwitcherProps {
  projectId: string;
  /** The task shown in the chat. */
  taskId: string | null;
  onSelect: (taskId: string) => void;
}

/** The bar's task switcher: the project's tasks (newest first), and "New task". */
export function TaskSwitcher({ projectId, taskId, onSelect }: TaskSwitcherProps) {
  const tasks = useGetTasksQuery({ projectId });
  const [creating, setCreating] = useState(false);
  const selectId = useId();
  const list = [...(tasks.data?.tasks ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt),
  );
  return (
    <StyledSwitcher>
      {list.length > 1 && (
        <Select
          id={selectId}
          size="sm"
          aria-label="Task"
          value={taskId ?? ''}
          onChange={(event) => onSelect(event.target.value)}
        >
          {list.map((task) => (
            <option key={task.id} value={task.id}>
              {short(task.description)} · {taskStateLabel(task).label}
            </option>
          ))}
        </Select>
      )}
      <Button
        size="sm"
        variant="ghost"
        leadingIcon={<PlusIcon size={14} />}
        aria-haspopup="dialog"
        onClick={() => setCreating(true)}
      >
        New task
      </Button>
      <NewTaskDialog
        projectId={projectId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(task) => onSelect(task.id)}
      />
    </StyledSwitcher>
  );
}
