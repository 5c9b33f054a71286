import styled from 'styled-components';

// The looks the rows of the chat share: a message bubble, plain text, a line of details, the
// quiet one-line rows (file changes, the typing indicator) and monospaced names.

/** A message: the person's own on the right in a bubble, the assistant's full width. */
export const StyledBubble = styled.article<{ $own: boolean }>`
  max-width: ${({ $own }) => ($own ? '85%' : '100%')};
  margin-left: ${({ $own }) => ($own ? 'auto' : '0')};
  padding: ${({ theme, $own }) => ($own ? `${theme.space[2.5]} ${theme.space[3]}` : '0')};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $own }) => ($own ? theme.colors.secondary : 'transparent')};
  color: ${({ theme, $own }) => ($own ? theme.colors.secondaryForeground : theme.colors.foreground)};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

export const StyledPlainText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

export const StyledMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export const StyledQuiet = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

export const StyledMono = styled.span`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  min-width: 0;
`;
