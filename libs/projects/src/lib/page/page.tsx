import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { Spinner } from '@mason/ui-kit';

export const StyledPage = styled.main<{ $wide?: boolean }>`
  width: 100%;
  max-width: ${({ $wide }) => ($wide ? '80rem' : '64rem')};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]} ${theme.space[16]}`};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
`;

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

const StyledTitles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 0;
`;

export const StyledPageTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};

  &:focus {
    outline: none;
  }
`;

const StyledPageDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons at the end of the header. */
  actions?: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}

/** The page's h1 (focusable from code, e.g. after the item that had focus is gone), its line and actions. */
export function PageHeader({ title, description, actions, ref }: PageHeaderProps) {
  return (
    <StyledHeader>
      <StyledTitles>
        <StyledPageTitle ref={ref} tabIndex={-1}>
          {title}
        </StyledPageTitle>
        {description ? <StyledPageDescription>{description}</StyledPageDescription> : null}
      </StyledTitles>
      {actions}
    </StyledHeader>
  );
}

const StyledLoading = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[12]} ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

/** A loading block: the spinner is announced with `label`, the same words show beside it. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <StyledLoading>
      <Spinner size="md" label={label} />
      <span aria-hidden="true">{label}…</span>
    </StyledLoading>
  );
}
