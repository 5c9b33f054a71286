import { css } from 'styled-components';

/** The surface of a card (a project, a domain): bordered, rounded, on the card colour. */
export const cardSurface = css`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
  color: ${({ theme }) => theme.colors.cardForeground};
  box-shadow: ${({ theme }) => theme.shadows.xs};
`;

/** A value to copy (a path, a DNS record): monospace on a muted field, selected whole. */
export const copyableValue = css`
  flex: 1;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.muted};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  overflow-wrap: anywhere;
  user-select: all;
`;
