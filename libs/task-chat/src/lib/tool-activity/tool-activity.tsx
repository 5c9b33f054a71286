import { useId, useState } from 'react';
import styled, { css } from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import {
  AlertCircleIcon,
  ChevronRightIcon,
  Spinner,
  WrenchIcon,
  focusRingStyles,
  interactiveTransition,
} from '@mason/ui-kit';
import { describeToolActivity } from './describe-tool-activity';

const StyledToolToggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  margin: 0 ${({ theme }) => `-${theme.space[2]}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  text-align: left;
  cursor: pointer;
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const StyledChevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  flex-shrink: 0;
  transition: transform ${({ theme }) => theme.motion.durations.fast};
  ${({ $open }) =>
    $open &&
    css`
      transform: rotate(90deg);
    `}
`;

const StyledToolLabel = styled.span<{ $error: boolean }>`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme, $error }) => ($error ? theme.colors.destructiveText : 'inherit')};
`;

const StyledDetails = styled.div`
  margin: ${({ theme }) => `${theme.space[1]} 0 ${theme.space[1]} ${theme.space[5]}`};
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  pre {
    margin: 0;
    max-height: 320px;
    overflow: auto;
    padding: ${({ theme }) => theme.space[2.5]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.card};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const StyledDetailsLabel = styled.div`
  margin-bottom: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export interface ToolActivityProps {
  call: TaskLogOf<'TOOL_CALL'> | null;
  /** Null while the tool runs. */
  result: TaskLogOf<'TOOL_RESULT'> | null;
}

/** A tool call and its result as one line ("Edited src/App.tsx"), expandable to the details. */
export function ToolActivity({ call, result }: ToolActivityProps) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const label = describeToolActivity(call, result);
  const failed = result?.payload.isError === true;
  const input = call ? JSON.stringify(call.payload.input, null, 2) : null;
  return (
    <div>
      <StyledToolToggle
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        <StyledChevron $open={open} aria-hidden="true">
          <ChevronRightIcon size={12} />
        </StyledChevron>
        {result === null ? (
          <Spinner size="xs" decorative />
        ) : failed ? (
          <AlertCircleIcon size={12} />
        ) : (
          <WrenchIcon size={12} />
        )}
        <StyledToolLabel $error={failed}>{label}</StyledToolLabel>
      </StyledToolToggle>
      {open && (
        <StyledDetails id={detailsId}>
          {input && input !== '{}' && (
            <div>
              <StyledDetailsLabel>Input</StyledDetailsLabel>
              <pre>{input}</pre>
            </div>
          )}
          <div>
            <StyledDetailsLabel>{failed ? 'Error' : 'Result'}</StyledDetailsLabel>
            <pre>{result ? result.content || '(nothing)' : 'Still running…'}</pre>
          </div>
        </StyledDetails>
      )}
    </div>
  );
}
