import { useState } from 'react';
import styled from 'styled-components';
import { useProjectThumbnail } from '@mason/api-client';

export interface ProjectThumbnailProps {
  readonly projectId: string;
  /** The project's name: its initial stands in for the picture, and the picture's alt names it. */
  readonly name: string;
  /** The version the stored picture shows (the project's thumbnailVersionId); null: none. */
  readonly versionId: string | null;
  readonly className?: string;
}

/** A tint of the palette, the same for the same name. */
function tintOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash;
}

/** The first letter or digit of a name, upper case ("?" when it has none). */
export function projectInitial(name: string): string {
  const match = /[\p{L}\p{N}]/u.exec(name);
  return match ? match[0].toLocaleUpperCase() : '?';
}

// The card's aspect (the bridge pictures the page at 16:10), fixed so the grid never jumps.
const StyledFrame = styled.div<{ $tint: number }>`
  position: relative;
  aspect-ratio: 16 / 10;
  overflow: hidden;
  background-color: ${({ theme, $tint }) =>
    theme.colors.avatarPalette[$tint % theme.colors.avatarPalette.length]};
  color: ${({ theme }) => theme.colors.foreground};
`;

const StyledInitial = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  font-size: ${({ theme }) => theme.typography.fontSizes['4xl']};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  opacity: 0.7;
  user-select: none;
`;

const StyledImage = styled.img<{ $shown: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  object-position: top center;
  opacity: ${({ $shown }) => ($shown ? 1 : 0)};
  transition: opacity ${({ theme }) => theme.motion.durations.normal} ease-out;

  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/**
 * A project's picture of its app (made inside its preview, GET /projects/:id/thumbnail), over
 * the project's initial on a tint of its name, which shows while there is none or it loads.
 */
export function ProjectThumbnail({ projectId, name, versionId, className }: ProjectThumbnailProps) {
  const thumbnail = useProjectThumbnail(projectId, versionId);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const src = thumbnail.state === 'ready' ? thumbnail.src : null;
  const shown = src !== null && loadedSrc === src;
  return (
    <StyledFrame
      $tint={tintOf(name)}
      className={className}
      data-thumbnail={shown ? 'shown' : 'placeholder'}
    >
      {!shown && <StyledInitial aria-hidden="true">{projectInitial(name)}</StyledInitial>}
      {src !== null && (
        <StyledImage
          src={src}
          alt={`Preview of ${name}`}
          $shown={shown}
          onLoad={() => setLoadedSrc(src)}
        />
      )}
    </StyledFrame>
  );
}
