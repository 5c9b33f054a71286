import styled from 'styled-components';
import type { McpCallRequest } from '@mason/contract';

const StyledCall = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[1.5]} ${({ theme }) => theme.space[3]};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }

  dd {
    margin: 0;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  code {
    font-family: ${({ theme }) => theme.typography.fonts.mono};
  }
`;

/** The arguments under their term, the card's full width. */
const StyledArgumentsValue = styled.dd`
  grid-column: 1 / -1;
`;

/** The arguments as the assistant gave them: JSON, as text, scrolled when long. */
const StyledArguments = styled.pre`
  margin: 0;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  max-height: 14rem;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.foreground};
  font: ${({ theme }) => `${theme.typography.fontSizes.xs} / 1.5 ${theme.typography.fonts.mono}`};
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 1px;
  }
`;

/** The call an approval is about: the server, the tool and its arguments (text, never HTML). */
export function McpCall({ call }: { call: McpCallRequest }) {
  return (
    <StyledCall>
      <dt>Server</dt>
      <dd>
        <code>{call.serverName}</code>
      </dd>
      <dt>Tool</dt>
      <dd>
        <code>{call.tool}</code>
      </dd>
      <dt>Arguments</dt>
      {Object.keys(call.arguments).length > 0 ? (
        <StyledArgumentsValue>
          {/* Focusable, so a long call scrolls from the keyboard too. */}
          <StyledArguments role="region" aria-label={`Arguments of ${call.tool}`} tabIndex={0}>
            {JSON.stringify(call.arguments, null, 2)}
          </StyledArguments>
        </StyledArgumentsValue>
      ) : (
        <dd>None</dd>
      )}
    </StyledCall>
  );
}
