import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';

/** How wide a page's column is: a form, a list, or a page with two panes (a file tree and a file). */
export type PageWidth = 'narrow' | 'default' | 'large' | 'wide';

const MAX_WIDTHS: Record<PageWidth, string> = {
  narrow: '48rem',
  default: '56rem',
  large: '64rem',
  wide: '80rem',
};

const StyledPage = styled.main<{ $width: PageWidth }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[6]};
  width: 100%;
  max-width: ${({ $width }) => MAX_WIDTHS[$width]};
  margin: 0 auto;
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]} ${theme.space[16]}`};
`;

export interface PageProps {
  /** Default: 'default' (56rem). */
  width?: PageWidth;
  className?: string;
  children: ReactNode;
}

/** The main landmark of a page inside the app frame: one centred column, its parts spaced evenly. */
export function Page({ width = 'default', className, children }: PageProps) {
  return (
    <StyledPage $width={width} className={className}>
      {children}
    </StyledPage>
  );
}

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

/* The actions stay together at the header's end (a gap between them, never the header's space). */
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledTitles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 0;
`;

const StyledTitle = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes['3xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};

  &:focus {
    outline: none;
  }
`;

const StyledDescription = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

export interface PageHeaderProps {
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons at the end of the header, side by side (below the titles on a narrow screen). */
  actions?: ReactNode;
  /** The h1, focusable from code (e.g. after the item that had focus is gone). */
  ref?: Ref<HTMLHeadingElement>;
}

/** The page's h1, its line and its actions. */
export function PageHeader({ title, description, actions, ref }: PageHeaderProps) {
  return (
    <StyledHeader>
      <StyledTitles>
        <StyledTitle ref={ref} tabIndex={ref ? -1 : undefined}>
          {title}
        </StyledTitle>
        {description ? <StyledDescription>{description}</StyledDescription> : null}
      </StyledTitles>
      {actions ? <StyledActions>{actions}</StyledActions> : null}
    </StyledHeader>
  );
}
