import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styled from 'styled-components';
import { AlertCircleIcon } from '../../icons/notice-icons';
import { visuallyHiddenStyles } from '../../utils/styles';

/** The props FormField gives its control so label, hint and error are wired to it. */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

export interface FormFieldProps {
  label: ReactNode;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Error message: marks the control aria-invalid and describes it. */
  error?: ReactNode;
  required?: boolean;
  /** Shows "Optional" beside the label. */
  optional?: boolean;
  /** Content at the right of the label row (e.g. a "Forgot password?" link). */
  labelAction?: ReactNode;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
  /** Id of the control; generated when absent. */
  id?: string;
  className?: string;
  /** The control: an element (its props are merged) or a function of the wiring props. */
  children:
    ReactElement<Partial<FormFieldControlProps>> | ((control: FormFieldControlProps) => ReactNode);
}

export const StyledFormField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

export const StyledLabelRow = styled.div<{ $hidden: boolean }>`
  display: flex;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  ${({ $hidden }) => ($hidden ? visuallyHiddenStyles : '')}
`;

export const StyledLabel = styled.label`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  line-height: ${({ theme }) => theme.typography.lineHeights.none};
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledLabelNote = styled.span`
  margin-left: ${({ theme }) => theme.space[1.5]};
  font-weight: ${({ theme }) => theme.typography.fontWeights.regular};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

export const StyledHint = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

export const StyledError = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[1.5]};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
  color: ${({ theme }) => theme.colors.destructiveText};

  svg {
    margin-top: 1px;
  }
`;

/** Label + control + hint + error for any control, with the aria wiring done. */
export function FormField({
  label,
  hint,
  error,
  required = false,
  optional = false,
  labelAction,
  hideLabel = false,
  id,
  className,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  const control: FormFieldControlProps = {
    id: controlId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(hasError ? { 'aria-invalid': true as const } : {}),
    ...(required ? { required: true } : {}),
  };

  let rendered: ReactNode;
  if (typeof children === 'function') {
    rendered = children(control);
  } else if (isValidElement(children)) {
    const own = children.props['aria-describedby'];
    rendered = cloneElement(children, {
      ...control,
      ...(own
        ? { 'aria-describedby': [control['aria-describedby'], own].filter(Boolean).join(' ') }
        : {}),
    });
  }

  return (
    <StyledFormField className={className}>
      <StyledLabelRow $hidden={hideLabel}>
        <StyledLabel htmlFor={controlId}>
          {label}
          {optional && !required ? <StyledLabelNote>Optional</StyledLabelNote> : null}
        </StyledLabel>
        {labelAction}
      </StyledLabelRow>
      {rendered}
      {hint ? <StyledHint id={hintId}>{hint}</StyledHint> : null}
      {hasError ? (
        <StyledError id={errorId}>
          <AlertCircleIcon size={14} />
          <span>{error}</span>
        </StyledError>
      ) : null}
    </StyledFormField>
  );
}
