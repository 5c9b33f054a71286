import { useState } from 'react';
import styled from 'styled-components';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

export interface AvatarProps {
  /** The person's name: the accessible name, and the initials when there is no image. */
  name: string;
  /** Image URL; falls back to the initials if it fails to load. */
  src?: string | null;
  size?: AvatarSize;
  className?: string;
}

const SIZES: Record<AvatarSize, { box: number; font: string }> = {
  xs: { box: 20, font: '9px' },
  sm: { box: 28, font: '11px' },
  md: { box: 36, font: '13px' },
  lg: { box: 48, font: '16px' },
  xl: { box: 64, font: '22px' },
};

/** "Ada Lovelace" -> "AL", "ada" -> "A", "ada@mason.dev" -> "A", "" -> "?". */
export function getInitials(name: string): string {
  const words = name
    .replace(/@.*$/, '')
    .split(/[\s._-]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

function hash(value: string): number {
  let result = 0;
  for (let index = 0; index < value.length; index += 1)
    result = (result * 31 + value.charCodeAt(index)) >>> 0;
  return result;
}

export const StyledAvatar = styled.span<{ $size: AvatarSize; $tint: number }>`
  position: relative;
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  justify-content: center;
  width: ${({ $size }) => SIZES[$size].box}px;
  height: ${({ $size }) => SIZES[$size].box}px;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.full};
  background-color: ${({ theme, $tint }) => theme.colors.avatarPalette[$tint % theme.colors.avatarPalette.length]};
  color: ${({ theme }) => theme.colors.foreground};
  box-shadow: inset 0 0 0 1px
    ${({ theme }) => (theme.mode === 'dark' ? 'rgba(255,255,255,0.08)' : 'rgba(9,9,11,0.06)')};
  font-size: ${({ $size }) => SIZES[$size].font};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.wide};
  line-height: 1;
  user-select: none;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** A round picture of a person, or their initials on a tint derived from the name. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <StyledAvatar
      $size={size}
      $tint={hash(name)}
      className={className}
      {...(showImage ? {} : { role: 'img', 'aria-label': name })}
    >
      {showImage ? (
        <img src={src ?? undefined} alt={name} onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span aria-hidden="true">{getInitials(name)}</span>
      )}
    </StyledAvatar>
  );
}
