import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type BadgeVariant =
  'default' | 'secondary' | 'outline' | 'success' | 'warning' | 'destructive' | 'info';

export interface BadgeProps {
  variant?: BadgeVariant;
  children?: ReactNode;
  className?: string;
}

export const StyledBadge = styled.span<{ $variant: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  height: 22px;
  padding: 0 ${({ theme }) => theme.space[2.5]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  line-height: 1;
  white-space: nowrap;
  ${({ theme, $variant }) => {
    const { colors } = theme;
    switch ($variant) {
      case 'default':
        return css`
          background-color: ${colors.primary};
          color: ${colors.primaryForeground};
        `;
      case 'secondary':
        return css`
          background-color: ${colors.secondary};
          color: ${colors.secondaryForeground};
        `;
      case 'outline':
        return css`
          border-color: ${colors.border};
          color: ${colors.foreground};
        `;
      case 'success':
        return css`
          background-color: ${colors.successSubtle};
          color: ${colors.successText};
        `;
      case 'warning':
        return css`
          background-color: ${colors.warningSubtle};
          color: ${colors.warningText};
        `;
      case 'destructive':
        return css`
          background-color: ${colors.destructiveSubtle};
          color: ${colors.destructiveText};
        `;
      case 'info':
        return css`
          background-color: ${colors.infoSubtle};
          color: ${colors.infoText};
        `;
    }
  }}
`;

/** A small label for status or emphasis ("Popular", "Pro", "Failed"). */
export function Badge({ variant = 'secondary', children, className }: BadgeProps) {
  return (
    <StyledBadge $variant={variant} className={className}>
      {children}
    </StyledBadge>
  );
}
