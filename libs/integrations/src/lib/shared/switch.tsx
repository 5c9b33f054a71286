import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { interactiveTransition } from '@mason/ui-kit';

const StyledRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledText = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[0.5]};
  min-width: 0;

  label {
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
    overflow-wrap: anywhere;
    cursor: pointer;
  }
`;

const StyledDescription = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
`;

/** A checkbox drawn as a track and a thumb; checked: the thumb at the end, the track filled. */
const StyledSwitch = styled.input`
  appearance: none;
  flex-shrink: 0;
  position: relative;
  width: 2.25rem;
  height: 1.25rem;
  margin: 0;
  border: 1px solid ${({ theme }) => theme.colors.input};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.muted};
  cursor: pointer;
  ${interactiveTransition}

  &::before {
    content: '';
    position: absolute;
    top: 1px;
    left: 1px;
    width: calc(1.25rem - 4px);
    height: calc(1.25rem - 4px);
    border-radius: ${({ theme }) => theme.radii.full};
    background: ${({ theme }) => theme.colors.mutedForeground};
    transition: transform ${({ theme }) => theme.motion.durations.fast};
  }

  &:checked {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primary};
  }

  &:checked::before {
    transform: translateX(1rem);
    background: ${({ theme }) => theme.colors.primaryForeground};
  }

  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 2px;
  }

  @media (prefers-reduced-motion: reduce) {
    &::before {
      transition: none;
    }
  }
`;

export interface SwitchProps {
  /** What it turns on or off: its accessible name. */
  label: ReactNode;
  /** A sentence under the label (its accessible description). */
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting that acts at once: a checkbox with the switch role, its label before it. */
export function Switch({ label, description, checked, disabled, onChange }: SwitchProps) {
  const id = useId();
  const descriptionId = useId();
  return (
    <StyledRow>
      <StyledText>
        <label htmlFor={id}>{label}</label>
        {description && <StyledDescription id={descriptionId}>{description}</StyledDescription>}
      </StyledText>
      <StyledSwitch
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
    </StyledRow>
  );
}
