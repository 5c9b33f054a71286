import type { ElementType, ReactNode } from 'react';
import styled, { css } from 'styled-components';

export type PanelVariant = 'default' | 'muted' | 'outline';
export type PanelPadding = 'none' | 'sm' | 'md' | 'lg';

export interface PanelProps {
  /** Heading of the panel (rendered as `titleAs`, h2 by default). */
  title?: ReactNode;
  titleAs?: 'h1' | 'h2' | 'h3' | 'h4';
  description?: ReactNode;
  /** Content at the right of the header (buttons, a menu). */
  actions?: ReactNode;
  /** Content of the bottom row, separated by a border. */
  footer?: ReactNode;
  children?: ReactNode;
  variant?: PanelVariant;
  padding?: PanelPadding;
  /** Element of the panel. Default: section. */
  as?: ElementType;
  className?: string;
  id?: string;
  'aria-label'?: string;
}

const PADDING: Record<PanelPadding, 0 | 4 | 6 | 8> = { none: 0, sm: 4, md: 6, lg: 8 };

export const StyledPanel = styled.section<{ $variant: PanelVariant; $padding: PanelPadding }>`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.xl};
  color: ${({ theme }) => theme.colors.cardForeground};
  ${({ theme, $variant }) => {
    switch ($variant) {
      case 'muted':
        return css`
          background-color: ${theme.colors.muted};
          border-color: transparent;
        `;
      case 'outline':
        return css`
          background-color: transparent;
        `;
      default:
        return css`
          background-color: ${theme.colors.card};
          box-shadow: ${theme.shadows.sm};
        `;
    }
  }}

  --panel-padding: ${({ theme, $padding }) => theme.space[PADDING[$padding]]};
`;

export const StyledPanelHeader = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  padding: var(--panel-padding) var(--panel-padding) 0;
`;

export const StyledPanelHeading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1.5]};
  min-width: 0;
`;

export const StyledPanelTitle = styled.h2`
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.tight};
`;

export const StyledPanelDescription = styled.p`
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

export const StyledPanelBody = styled.div`
  padding: var(--panel-padding);
  min-width: 0;
`;

export const StyledPanelFooter = styled.footer`
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]} var(--panel-padding);
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom-left-radius: inherit;
  border-bottom-right-radius: inherit;
  background-color: ${({ theme }) => `color-mix(in srgb, ${theme.colors.muted} 45%, transparent)`};
`;

/** A card surface with an optional header (title, description, actions) and footer. */
export function Panel({
  title,
  titleAs = 'h2',
  description,
  actions,
  footer,
  children,
  variant = 'default',
  padding = 'md',
  as,
  className,
  id,
  'aria-label': ariaLabel,
}: PanelProps) {
  const hasHeader = Boolean(title || description || actions);
  return (
    <StyledPanel
      as={as}
      $variant={variant}
      $padding={padding}
      className={className}
      id={id}
      aria-label={ariaLabel}
    >
      {hasHeader ? (
        <StyledPanelHeader>
          <StyledPanelHeading>
            {title ? <StyledPanelTitle as={titleAs}>{title}</StyledPanelTitle> : null}
            {description ? <StyledPanelDescription>{description}</StyledPanelDescription> : null}
          </StyledPanelHeading>
          {actions}
        </StyledPanelHeader>
      ) : null}
      {children !== undefined && children !== null ? (
        <StyledPanelBody>{children}</StyledPanelBody>
      ) : null}
      {footer ? <StyledPanelFooter>{footer}</StyledPanelFooter> : null}
    </StyledPanel>
  );
}
