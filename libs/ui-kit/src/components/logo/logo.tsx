import { useId } from 'react';
import styled from 'styled-components';

export type LogoSize = 'sm' | 'md' | 'lg' | 'xl';

export interface LogoProps {
  size?: LogoSize;
  /** `full`: mark + wordmark; `mark`: the mark alone. Default: full. */
  variant?: 'full' | 'mark';
  /** Accessible name. Default: "Mason". Pass null when a parent already names it. */
  title?: string | null;
  className?: string;
}

const MARK: Record<LogoSize, number> = { sm: 20, md: 24, lg: 32, xl: 48 };
const WORD: Record<LogoSize, string> = { sm: '15px', md: '17px', lg: '22px', xl: '32px' };

export const StyledLogo = styled.span<{ $size: LogoSize }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ $size }) => ($size === 'xl' ? '12px' : $size === 'lg' ? '10px' : '8px')};
  color: ${({ theme }) => theme.colors.foreground};
  line-height: 1;
`;

export const StyledWordmark = styled.span<{ $size: LogoSize }>`
  font-size: ${({ $size }) => WORD[$size]};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: -0.035em;
  color: ${({ theme }) => theme.colors.foreground};
`;

/**
 * The Mason mark (an M of two pillars joined by a keystone, cut out of a rounded tile) and the
 * wordmark. Colours follow the theme's foreground and background.
 */
export function LogoMark({ size = 24, className }: { size?: number; className?: string }) {
  const gradientId = `mason-mark-${useId().replace(/:/g, '')}`;
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="currentColor" stopOpacity="1" />
          <stop offset="1" stopColor="currentColor" stopOpacity="0.82" />
        </linearGradient>
      </defs>
      <rect x="0" y="0" width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path
        d="M9.5 22.5V10.5L16 16.75L22.5 10.5V22.5"
        stroke="var(--mason-logo-cutout, #09090b)"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const StyledMark = styled(LogoMark)`
  --mason-logo-cutout: ${({ theme }) => theme.colors.background};
  flex-shrink: 0;
`;

/** Mason's logo: inline SVG mark and wordmark, in four sizes. */
export function Logo({ size = 'md', variant = 'full', title = 'Mason', className }: LogoProps) {
  const label = title ?? undefined;
  return (
    <StyledLogo
      $size={size}
      className={className}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <StyledMark size={MARK[size]} />
      {variant === 'full' ? (
        <StyledWordmark $size={size} aria-hidden="true">
          Mason
        </StyledWordmark>
      ) : null}
    </StyledLogo>
  );
}
