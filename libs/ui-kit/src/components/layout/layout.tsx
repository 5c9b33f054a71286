import type { CSSProperties, ElementType, ReactNode } from 'react';
import styled from 'styled-components';
import type { SpaceKey } from '../../theme/tokens';

type Align = 'start' | 'center' | 'end' | 'stretch' | 'baseline';
type Justify = 'start' | 'center' | 'end' | 'between';

const ALIGN: Record<Align, CSSProperties['alignItems']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
  baseline: 'baseline',
};
const JUSTIFY: Record<Justify, CSSProperties['justifyContent']> = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  between: 'space-between',
};

interface FlexProps {
  gap?: SpaceKey;
  align?: Align;
  justify?: Justify;
  as?: ElementType;
  children?: ReactNode;
  className?: string;
  id?: string;
}

export type StackProps = FlexProps;
export interface InlineProps extends FlexProps {
  /** Wrap onto the next line when there is no room. Default: true. */
  wrap?: boolean;
}

export const StyledFlex = styled.div<{
  $direction: 'row' | 'column';
  $gap: SpaceKey;
  $align?: Align;
  $justify?: Justify;
  $wrap: boolean;
}>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  gap: ${({ theme, $gap }) => theme.space[$gap]};
  align-items: ${({ $align }) => ($align ? ALIGN[$align] : 'normal')};
  justify-content: ${({ $justify }) => ($justify ? JUSTIFY[$justify] : 'normal')};
  min-width: 0;
`;

/** Vertical layout with a token gap. */
export function Stack({ gap = 4, align, justify, as, children, className, id }: StackProps) {
  return (
    <StyledFlex
      as={as}
      $direction="column"
      $gap={gap}
      $align={align}
      $justify={justify}
      $wrap={false}
      className={className}
      id={id}
    >
      {children}
    </StyledFlex>
  );
}

/** Horizontal layout with a token gap; wraps by default. */
export function Inline({
  gap = 2,
  align = 'center',
  justify,
  wrap = true,
  as,
  children,
  className,
  id,
}: InlineProps) {
  return (
    <StyledFlex
      as={as}
      $direction="row"
      $gap={gap}
      $align={align}
      $justify={justify}
      $wrap={wrap}
      className={className}
      id={id}
    >
      {children}
    </StyledFlex>
  );
}
