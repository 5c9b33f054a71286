import type { ComponentPropsWithRef } from 'react';
import styled from 'styled-components';
import { ChevronDownIcon } from '../../icons/field-icons';
import { inputStyles, type InputSize } from '../input/input';

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'> {
  size?: InputSize;
  /** Marks the control invalid (aria-invalid); FormField sets it from `error`. */
  invalid?: boolean;
}

const HEIGHTS: Record<InputSize, string> = { sm: '32px', md: '36px', lg: '44px' };

const StyledSelectWrapper = styled.div`
  position: relative;
  display: flex;
  align-items: center;

  svg {
    position: absolute;
    right: ${({ theme }) => theme.space[3]};
    color: ${({ theme }) => theme.colors.mutedForeground};
    pointer-events: none;
  }
`;

export const StyledSelect = styled.select<{ $size: InputSize }>`
  ${inputStyles}
  height: ${({ $size }) => HEIGHTS[$size]};
  padding-right: ${({ theme }) => theme.space[8]};
  appearance: none;
  cursor: pointer;

  option {
    background-color: ${({ theme }) => theme.colors.popover};
    color: ${({ theme }) => theme.colors.popoverForeground};
  }
`;

/** A native select with the input look (keyboard and screen-reader behaviour of the platform). */
export function Select({ size = 'md', invalid, className, ...rest }: SelectProps) {
  return (
    <StyledSelectWrapper className={className}>
      <StyledSelect $size={size} aria-invalid={invalid ? true : undefined} {...rest} />
      <ChevronDownIcon size={16} />
    </StyledSelectWrapper>
  );
}
