import type { ReactNode } from 'react';
import styled from 'styled-components';

export interface EmptyStateProps {
  /** An icon (decorative) shown in a soft tile above the title. */
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** The next step: usually a Button. */
  action?: ReactNode;
  /** Extra, less important action (a link). */
  secondaryAction?: ReactNode;
  /** Heading level of the title. Default: h2. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'h4';
  /** Dashed frame around the state. Default: false. */
  bordered?: boolean;
  className?: string;
}

export const StyledEmptyState = styled.div<{ $bordered: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[6]}`};
  text-align: center;
  border: ${({ theme, $bordered }) => ($bordered ? `1px dashed ${theme.colors.input}` : '0')};
  border-radius: ${({ theme }) => theme.radii.xl};
`;

export const StyledEmptyStateIcon = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  margin-bottom: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background-color: ${({ theme }) => theme.colors.muted};
  color: ${({ theme }) => theme.colors.mutedForeground};
  box-shadow: ${({ theme }) => theme.shadows.xs};

  svg {
    width: 22px;
    height: 22px;
  }
`;

export const StyledEmptyStateTitle = styled.h2`
  font-size: ${({ theme }) => theme.typography.fontSizes.lg};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
`;

export const StyledEmptyStateDescription = styled.p`
  max-width: 420px;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledEmptyStateActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

/** What to show when there is nothing yet (or nothing left): icon, title, text, next step. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  secondaryAction,
  titleAs = 'h2',
  bordered = false,
  className,
}: EmptyStateProps) {
  return (
    <StyledEmptyState $bordered={bordered} className={className}>
      {icon ? <StyledEmptyStateIcon aria-hidden="true">{icon}</StyledEmptyStateIcon> : null}
      <StyledEmptyStateTitle as={titleAs}>{title}</StyledEmptyStateTitle>
      {description ? (
        <StyledEmptyStateDescription>{description}</StyledEmptyStateDescription>
      ) : null}
      {action || secondaryAction ? (
        <StyledEmptyStateActions>
          {action}
          {secondaryAction}
        </StyledEmptyStateActions>
      ) : null}
    </StyledEmptyState>
  );
}
