import { useId } from 'react';
import styled from 'styled-components';
import type { McpToolPolicy } from '@mason/contract';
import { interactiveTransition, VisuallyHidden, visuallyHiddenStyles } from '@mason/ui-kit';

/** The three answers, in the order people read them: most to least trust. */
export const POLICY_OPTIONS: readonly { policy: McpToolPolicy; label: string; meaning: string }[] =
  [
    { policy: 'ALWAYS', label: 'Always', meaning: 'the assistant calls it without asking' },
    { policy: 'ASK', label: 'Ask', meaning: 'the chat asks you before each call' },
    { policy: 'NEVER', label: 'Never', meaning: 'the assistant is not offered it' },
  ];

const StyledGroup = styled.fieldset`
  display: inline-flex;
  flex-shrink: 0;
  gap: 2px;
  margin: 0;
  padding: 3px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.muted};
`;

const StyledOption = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 3.75rem;
  height: 1.75rem;
  padding: 0 ${({ theme }) => theme.space[2.5]};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  cursor: pointer;
  ${interactiveTransition}

  input {
    ${visuallyHiddenStyles}
  }

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
  }

  &:has(input:checked) {
    background: ${({ theme }) => (theme.mode === 'dark' ? theme.colors.input : theme.colors.background)};
    color: ${({ theme }) => theme.colors.foreground};
    box-shadow: ${({ theme }) => theme.shadows.sm};
  }

  &:has(input:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 1px;
  }

  &:has(input:disabled) {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export interface ToolPolicyControlProps {
  /** The tool's name (the group's accessible name says which tool it is for). */
  tool: string;
  value: McpToolPolicy;
  disabled?: boolean;
  onChange: (policy: McpToolPolicy) => void;
}

/**
 * Always / Ask / Never for one tool: native radio buttons drawn as a segmented control, so Tab
 * reaches the group once, the arrow keys move the choice, and a screen reader names the group
 * and the choice. Acts at once.
 */
export function ToolPolicyControl({ tool, value, disabled, onChange }: ToolPolicyControlProps) {
  const name = useId();
  return (
    <StyledGroup disabled={disabled}>
      <VisuallyHidden as="legend">What the assistant may do with {tool}</VisuallyHidden>
      {POLICY_OPTIONS.map((option) => (
        <StyledOption key={option.policy} title={`${option.label}: ${option.meaning}`}>
          <input
            type="radio"
            name={name}
            value={option.policy}
            checked={value === option.policy}
            onChange={() => onChange(option.policy)}
          />
          {option.label}
        </StyledOption>
      ))}
    </StyledGroup>
  );
}
