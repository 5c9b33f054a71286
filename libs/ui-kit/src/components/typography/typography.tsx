import type { ElementType, ReactNode } from 'react';
import styled from 'styled-components';
import type { FontSizeKey, FontWeightKey } from '../../theme/tokens';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export type TextTone = 'default' | 'muted' | 'destructive' | 'success' | 'warning' | 'info';

const HEADING_SIZES: Record<HeadingLevel, FontSizeKey> = {
  1: '4xl',
  2: '2xl',
  3: 'xl',
  4: 'lg',
  5: 'md',
  6: 'sm',
};

export interface HeadingProps {
  /** Document level (h1–h6). */
  level?: HeadingLevel;
  /** Visual size; defaults from the level. */
  size?: FontSizeKey;
  weight?: FontWeightKey;
  align?: 'start' | 'center' | 'end';
  children?: ReactNode;
  id?: string;
  className?: string;
}

const TONE_COLOR = {
  default: 'foreground',
  muted: 'mutedForeground',
  destructive: 'destructiveText',
  success: 'successText',
  warning: 'warningText',
  info: 'infoText',
} as const;

export const StyledHeading = styled.h2<{
  $size: FontSizeKey;
  $weight: FontWeightKey;
  $align: string;
}>`
  font-size: ${({ theme, $size }) => theme.typography.fontSizes[$size]};
  font-weight: ${({ theme, $weight }) => theme.typography.fontWeights[$weight]};
  line-height: ${({ theme }) => theme.typography.lineHeights.tight};
  letter-spacing: ${({ theme, $size }) =>
    ['2xl', '3xl', '4xl', '5xl'].includes($size)
      ? theme.typography.letterSpacings.tighter
      : theme.typography.letterSpacings.tight};
  text-align: ${({ $align }) => $align};
  color: ${({ theme }) => theme.colors.foreground};
`;

/** A heading whose look (size) is independent from its level. */
export function Heading({
  level = 2,
  size,
  weight = 'semibold',
  align = 'start',
  children,
  id,
  className,
}: HeadingProps) {
  return (
    <StyledHeading
      as={`h${level}`}
      $size={size ?? HEADING_SIZES[level]}
      $weight={weight}
      $align={align}
      id={id}
      className={className}
    >
      {children}
    </StyledHeading>
  );
}

export interface TextProps {
  size?: FontSizeKey;
  weight?: FontWeightKey;
  tone?: TextTone;
  align?: 'start' | 'center' | 'end';
  /** Element to render. Default: p. */
  as?: ElementType;
  /** Cut to one line with an ellipsis. */
  truncate?: boolean;
  children?: ReactNode;
  id?: string;
  className?: string;
}

export const StyledText = styled.p<{
  $size: FontSizeKey;
  $weight: FontWeightKey;
  $tone: TextTone;
  $align: string;
  $truncate: boolean;
}>`
  font-size: ${({ theme, $size }) => theme.typography.fontSizes[$size]};
  font-weight: ${({ theme, $weight }) => theme.typography.fontWeights[$weight]};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  text-align: ${({ $align }) => $align};
  color: ${({ theme, $tone }) => theme.colors[TONE_COLOR[$tone]]};
  ${({ $truncate }) => ($truncate ? 'overflow: hidden; text-overflow: ellipsis; white-space: nowrap;' : '')}
`;

/** Body text with size, weight and tone from the tokens. */
export function Text({
  size = 'sm',
  weight = 'regular',
  tone = 'default',
  align = 'start',
  as,
  truncate = false,
  children,
  id,
  className,
}: TextProps) {
  return (
    <StyledText
      as={as}
      $size={size}
      $weight={weight}
      $tone={tone}
      $align={align}
      $truncate={truncate}
      id={id}
      className={className}
    >
      {children}
    </StyledText>
  );
}
