import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { EyeIcon, EyeOffIcon } from '../../icons/field-icons';
import { focusRingStyles, interactiveTransition } from '../../utils/styles';
import { FormField } from '../form-field/form-field';
import { StyledInput, type InputProps } from '../input/input';

export interface TextFieldProps extends Omit<InputProps, 'invalid'> {
  label: ReactNode;
  hint?: ReactNode;
  /** Error message: shown under the field, sets aria-invalid and aria-describedby. */
  error?: ReactNode;
  optional?: boolean;
  labelAction?: ReactNode;
  hideLabel?: boolean;
  /** Icon or text inside the field, before the value. */
  leadingAdornment?: ReactNode;
  /** For type="password": render the show/hide toggle. Default: true. */
  revealable?: boolean;
  /** Class of the outer FormField. */
  className?: string;
}

const StyledControl = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`;

const StyledAdornment = styled.span`
  position: absolute;
  left: ${({ theme }) => theme.space[3]};
  display: inline-flex;
  color: ${({ theme }) => theme.colors.mutedForeground};
  pointer-events: none;
`;

const StyledFieldInput = styled(StyledInput)<{ $hasLeading: boolean; $hasToggle: boolean }>`
  padding-left: ${({ theme, $hasLeading }) => ($hasLeading ? theme.space[10] : theme.space[3])};
  padding-right: ${({ theme, $hasToggle }) => ($hasToggle ? theme.space[10] : theme.space[3])};

  &::-ms-reveal {
    display: none;
  }
`;

export const StyledRevealButton = styled.button`
  position: absolute;
  right: ${({ theme }) => theme.space[1]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
    background-color: ${({ theme }) => theme.colors.accent};
  }
`;

/** Input with label, hint and error; type="password" gets a show/hide toggle. */
export function TextField({
  label,
  hint,
  error,
  optional,
  labelAction,
  hideLabel,
  leadingAdornment,
  revealable = true,
  required,
  id,
  className,
  type = 'text',
  size = 'md',
  ...inputProps
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const hasToggle = isPassword && revealable;

  return (
    <FormField
      label={label}
      hint={hint}
      error={error}
      required={required}
      optional={optional}
      labelAction={labelAction}
      hideLabel={hideLabel}
      id={id}
      className={className}
    >
      {(control) => (
        <StyledControl>
          {leadingAdornment ? (
            <StyledAdornment aria-hidden="true">{leadingAdornment}</StyledAdornment>
          ) : null}
          <StyledFieldInput
            {...inputProps}
            {...control}
            $size={size}
            $hasLeading={Boolean(leadingAdornment)}
            $hasToggle={hasToggle}
            aria-describedby={
              [control['aria-describedby'], inputProps['aria-describedby']]
                .filter(Boolean)
                .join(' ') || undefined
            }
            type={hasToggle && revealed ? 'text' : type}
          />
          {hasToggle ? (
            <StyledRevealButton
              type="button"
              aria-label={revealed ? 'Hide password' : 'Show password'}
              aria-controls={control.id}
              disabled={inputProps.disabled}
              onClick={() => setRevealed((value) => !value)}
            >
              {revealed ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
            </StyledRevealButton>
          ) : null}
        </StyledControl>
      )}
    </FormField>
  );
}
