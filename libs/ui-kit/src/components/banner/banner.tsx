import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ArrowRightIcon, CloseIcon } from '../../icons/notice-icons';
import { focusRingStyles, interactiveTransition } from '../../utils/styles';

export type BannerTone = 'neutral' | 'info' | 'warning';

export interface BannerLink {
  href: string;
  label: ReactNode;
  /** Opens in a new tab (rel=noopener noreferrer). */
  external?: boolean;
}

export interface BannerProps {
  /** The announcement text. */
  children: ReactNode;
  link?: BannerLink;
  /** Called by the dismiss button; without it there is no button. The caller decides what dismissal means. */
  onDismiss?: () => void;
  /** Accessible name of the dismiss button. Default: "Dismiss announcement". */
  dismissLabel?: string;
  tone?: BannerTone;
  /** Stick to the top of the viewport. Default: false. */
  sticky?: boolean;
  /** Name of the landmark. Default: "Announcement". */
  label?: string;
  className?: string;
}

export const StyledBanner = styled.section<{ $tone: BannerTone; $sticky: boolean }>`
  position: ${({ $sticky }) => ($sticky ? 'sticky' : 'relative')};
  top: 0;
  z-index: ${({ theme }) => theme.zIndices.banner};
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: 40px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[12]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  line-height: ${({ theme }) => theme.typography.lineHeights.snug};
  ${({ theme, $tone }) => {
    switch ($tone) {
      case 'warning':
        return css`
          background-color: ${theme.colors.warningSubtle};
          color: ${theme.colors.foreground};
          border-bottom-color: color-mix(in srgb, ${theme.colors.warningText} 25%, transparent);
        `;
      case 'info':
        return css`
          background-color: ${theme.colors.infoSubtle};
          color: ${theme.colors.foreground};
          border-bottom-color: color-mix(in srgb, ${theme.colors.infoText} 25%, transparent);
        `;
      default:
        return css`
          background-color: ${theme.colors.muted};
          color: ${theme.colors.foreground};
        `;
    }
  }}
`;

export const StyledBannerText = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  column-gap: ${({ theme }) => theme.space[3]};
  row-gap: ${({ theme }) => theme.space[1]};
  text-align: center;
`;

export const StyledBannerLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  text-decoration-line: underline;
  text-decoration-color: ${({ theme }) => `color-mix(in srgb, ${theme.colors.foreground} 40%, transparent)`};
  text-underline-offset: 3px;
  border-radius: ${({ theme }) => theme.radii.sm};
  white-space: nowrap;

  &:hover {
    text-decoration-color: currentColor;
  }

  svg {
    transition: transform ${({ theme }) => theme.motion.durations.fast}
      ${({ theme }) => theme.motion.easings.standard};
  }

  &:hover svg {
    transform: translateX(2px);
  }
`;

export const StyledBannerDismiss = styled.button`
  position: absolute;
  top: 50%;
  right: ${({ theme }) => theme.space[2]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  transform: translateY(-50%);
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
    background-color: ${({ theme }) => `color-mix(in srgb, ${theme.colors.foreground} 8%, transparent)`};
  }
`;

/**
 * The announcement bar: text, an optional link and a dismiss button labelled
 * "Dismiss announcement". Presentational: what dismissal means lives with the caller.
 */
export function Banner({
  children,
  link,
  onDismiss,
  dismissLabel = 'Dismiss announcement',
  tone = 'neutral',
  sticky = false,
  label = 'Announcement',
  className,
}: BannerProps) {
  return (
    <StyledBanner aria-label={label} $tone={tone} $sticky={sticky} className={className}>
      <StyledBannerText>
        <span>{children}</span>
        {link ? (
          <StyledBannerLink
            href={link.href}
            {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {link.label}
            <ArrowRightIcon size={14} />
          </StyledBannerLink>
        ) : null}
      </StyledBannerText>
      {onDismiss ? (
        <StyledBannerDismiss type="button" aria-label={dismissLabel} onClick={onDismiss}>
          <CloseIcon size={16} />
        </StyledBannerDismiss>
      ) : null}
    </StyledBanner>
  );
}
