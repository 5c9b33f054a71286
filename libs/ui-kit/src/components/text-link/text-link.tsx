import type { ComponentPropsWithRef, ElementType, ReactNode } from 'react';
import styled from 'styled-components';
import { ExternalLinkIcon } from '../../icons/icons';
import { VisuallyHidden } from '../../utils/visually-hidden';

export type TextLinkTone = 'default' | 'muted' | 'inherit';

export interface TextLinkOwnProps {
  tone?: TextLinkTone;
  /** Opens in a new tab with rel=noopener noreferrer and an ↗ icon. */
  external?: boolean;
  children?: ReactNode;
}

/** Link props; `as={RouterLink}` keeps the look with a router link. */
export type TextLinkProps<C extends ElementType = 'a'> = TextLinkOwnProps & { as?: C } & Omit<
    ComponentPropsWithRef<C>,
    keyof TextLinkOwnProps | 'as'
  >;

export const StyledTextLink = styled.a<{ $tone: TextLinkTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  color: ${({ theme, $tone }) =>
    $tone === 'muted'
      ? theme.colors.mutedForeground
      : $tone === 'inherit'
        ? 'inherit'
        : theme.colors.foreground};
  font-weight: ${({ theme, $tone }) => ($tone === 'inherit' ? 'inherit' : theme.typography.fontWeights.medium)};
  text-decoration-line: underline;
  text-decoration-thickness: 1px;
  text-decoration-color: ${({ theme }) => `color-mix(in srgb, ${theme.colors.foreground} 35%, transparent)`};
  text-underline-offset: 3px;
  border-radius: ${({ theme }) => theme.radii.sm};
  transition:
    color ${({ theme }) => theme.motion.durations.fast},
    text-decoration-color ${({ theme }) => theme.motion.durations.fast};

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
    text-decoration-color: currentColor;
  }
`;

/** Inline text link. */
export function TextLink<C extends ElementType = 'a'>(props: TextLinkProps<C>) {
  const {
    as,
    tone = 'default',
    external = false,
    children,
    ...rest
  } = props as TextLinkProps<'a'> & { as?: ElementType };
  const externalProps = external ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <StyledTextLink as={as} $tone={tone} {...externalProps} {...rest}>
      {children}
      {external ? (
        <>
          <ExternalLinkIcon size={12} />
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </>
      ) : null}
    </StyledTextLink>
  );
}
