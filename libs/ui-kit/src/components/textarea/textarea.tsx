import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { inputStyles } from '../input/input';

export interface TextareaProps extends ComponentPropsWithRef<'textarea'> {
  /** Marks the control invalid (aria-invalid); FormField sets it from `error`. */
  invalid?: boolean;
}

export const StyledTextarea = styled.textarea`
  ${inputStyles}
  min-height: 88px;
  padding-top: ${({ theme }) => theme.space[2]};
  padding-bottom: ${({ theme }) => theme.space[2]};
  resize: vertical;
`;

/** A multi-line text control with the input look. Wrap it in FormField for label and error. */
export function Textarea({ invalid, ...rest }: TextareaProps) {
  return <StyledTextarea aria-invalid={invalid ? true : undefined} {...rest} />;
}
