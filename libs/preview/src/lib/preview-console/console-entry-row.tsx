import type { ReactNode } from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import type { ConsoleEntry } from '@mason/preview-state';
import {
  AlertCircleIcon,
  AlertTriangleIcon,
  BugIcon,
  ChevronRightIcon,
  InfoIcon,
  VisuallyHidden,
  WrenchIcon,
} from '@mason/ui-kit';
import { LEVEL_WORDS, type ConsoleLevelName } from '../error-report/error-report';

const ICONS: Record<ConsoleLevelName, ReactNode> = {
  log: <ChevronRightIcon size={12} />,
  info: <InfoIcon size={12} />,
  warn: <AlertTriangleIcon size={12} />,
  error: <AlertCircleIcon size={12} />,
  debug: <BugIcon size={12} />,
  uncaught: <AlertCircleIcon size={12} />,
  build: <WrenchIcon size={12} />,
};

/** The text colour and the tint of a level: errors red, warnings amber, info blue, debug muted. */
function levelStyles(theme: DefaultTheme, level: ConsoleLevelName) {
  const { colors } = theme;
  switch (level) {
    case 'error':
    case 'uncaught':
    case 'build':
      return css`
        --level-color: ${colors.destructiveText};
        background: ${colors.destructiveSubtle};
      `;
    case 'warn':
      return css`
        --level-color: ${colors.warningText};
        background: ${colors.warningSubtle};
      `;
    case 'info':
      return css`
        --level-color: ${colors.infoText};
      `;
    case 'debug':
      return css`
        --level-color: ${colors.mutedForeground};
        color: ${colors.mutedForeground};
      `;
    case 'log':
      return css`
        --level-color: ${colors.mutedForeground};
      `;
  }
}

const StyledEntry = styled.li<{ $level: ConsoleLevelName }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  column-gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  line-height: ${({ theme }) => theme.typography.lineHeights.normal};
  ${({ theme, $level }) => levelStyles(theme, $level)}
`;

const StyledIcon = styled.span`
  display: inline-flex;
  padding-top: 3px;
  color: var(--level-color);
`;

const StyledText = styled.span`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const StyledTime = styled.time`
  color: ${({ theme }) => theme.colors.mutedForeground};
  white-space: nowrap;
`;

const StyledDetail = styled.div`
  grid-column: 2 / -1;
  color: ${({ theme }) => theme.colors.mutedForeground};
  white-space: pre-wrap;
  overflow-wrap: anywhere;

  summary {
    cursor: pointer;
  }
`;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** One line of the console: its level (icon, colour and a word for screen readers), text, time and where. */
export function ConsoleEntryRow({ entry }: { readonly entry: ConsoleEntry }) {
  const multiline = entry.detail?.includes('\n') ?? false;
  return (
    <StyledEntry $level={entry.level}>
      <StyledIcon aria-hidden="true">{ICONS[entry.level]}</StyledIcon>
      <StyledText>
        <VisuallyHidden>{LEVEL_WORDS[entry.level]}: </VisuallyHidden>
        {entry.text}
      </StyledText>
      <StyledTime dateTime={new Date(entry.at).toISOString()}>
        {timeFormat.format(entry.at)}
      </StyledTime>
      {entry.detail && (
        <StyledDetail>
          {multiline ? (
            <details>
              <summary>Stack trace</summary>
              {entry.detail}
            </details>
          ) : (
            entry.detail
          )}
        </StyledDetail>
      )}
    </StyledEntry>
  );
}
