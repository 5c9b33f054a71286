import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { usePreviewSession, usePreviewState } from '@mason/preview-state';
import { Button, CheckIcon, CloseIcon, SparklesIcon, TrashIcon } from '@mason/ui-kit';
import {
  CONSOLE_GROUPS,
  consoleErrorsMessage,
  consoleGroupOf,
  countByGroup,
  type ConsoleGroup,
} from '../error-report/error-report';
import { StyledToggleGroup, ToggleButton } from '../toggle-button/toggle-button';
import { ConsoleEntryRow } from './console-entry-row';

export interface PreviewConsoleProps {
  /** Shows a "Hide the console" button that calls this. */
  readonly onClose?: () => void;
  readonly id?: string;
  readonly className?: string;
}

const GROUP_LABELS: Record<ConsoleGroup, string> = {
  errors: 'Errors',
  warnings: 'Warnings',
  logs: 'Logs',
};

/** Within this many px of the end, the list counts as scrolled to the bottom. */
const BOTTOM_SLACK_PX = 8;

const StyledConsole = styled.section`
  display: flex;
  flex-direction: column;
  min-height: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
`;

const StyledHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]} ${theme.space[1.5]} ${theme.space[3]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const StyledTitle = styled.h2`
  margin: 0 ${({ theme }) => theme.space[1]} 0 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledCount = styled.span`
  min-width: 1.5em;
  padding: ${({ theme }) => `0 ${theme.space[1]}`};
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.accent};
  font-variant-numeric: tabular-nums;
  text-align: center;
`;

const StyledActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  margin-left: auto;
`;

const StyledScroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
`;

const StyledList = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StyledNote = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: center;
`;

/**
 * The preview's console and errors (the workspace session's `console`): counts and filters by
 * kind, Clear, and "Fix with AI", which asks the chat to send the errors to the assistant. New
 * lines keep the list at its end when it was there.
 */
export function PreviewConsole({ onClose, id, className }: PreviewConsoleProps) {
  const session = usePreviewSession();
  const entries = usePreviewState((state) => state.console);
  const titleId = useId();
  const [hidden, setHidden] = useState<ReadonlySet<ConsoleGroup>>(() => new Set());
  const counts = useMemo(() => countByGroup(entries), [entries]);
  const shown = useMemo(
    () => entries.filter((entry) => !hidden.has(consoleGroupOf(entry.level))),
    [entries, hidden],
  );
  const errorsMessage = useMemo(() => consoleErrorsMessage(entries), [entries]);

  const scrollerRef = useRef<HTMLDivElement>(null);
  const atBottomRef = useRef(true);
  const lastShownId = shown.at(-1)?.id;
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller && atBottomRef.current) scroller.scrollTop = scroller.scrollHeight;
  }, [lastShownId]);
  const onScroll = () => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    atBottomRef.current =
      scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= BOTTOM_SLACK_PX;
  };

  const toggle = (group: ConsoleGroup) =>
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });

  return (
    <StyledConsole id={id} className={className} aria-labelledby={titleId}>
      <StyledHeader>
        <StyledTitle id={titleId}>Console</StyledTitle>
        <StyledToggleGroup role="group" aria-label="Show in the console">
          {CONSOLE_GROUPS.map((group) => (
            <ToggleButton
              key={group}
              pressed={!hidden.has(group)}
              title={
                hidden.has(group)
                  ? `Show ${GROUP_LABELS[group].toLowerCase()}`
                  : `Hide ${GROUP_LABELS[group].toLowerCase()}`
              }
              onClick={() => toggle(group)}
            >
              {/* A filter that is on shows a check (a segmented look alone read as one choice). */}
              {hidden.has(group) ? null : <CheckIcon size={12} aria-hidden="true" />}
              {GROUP_LABELS[group]}
              <StyledCount>{counts[group]}</StyledCount>
            </ToggleButton>
          ))}
        </StyledToggleGroup>
        <StyledActions>
          <Button
            size="sm"
            variant="outline"
            leadingIcon={<SparklesIcon size={14} />}
            disabled={!errorsMessage}
            title={
              errorsMessage ? 'Ask the assistant to fix these errors' : 'There is no error to fix.'
            }
            onClick={() => errorsMessage && session.requestChatMessage(errorsMessage)}
          >
            Fix with AI
          </Button>
          <Button
            size="icon-sm"
            variant="ghost"
            aria-label="Clear the console"
            title="Clear the console"
            disabled={entries.length === 0}
            onClick={() => session.clearConsole()}
          >
            <TrashIcon size={14} />
          </Button>
          {onClose && (
            <Button
              size="icon-sm"
              variant="ghost"
              aria-label="Hide the console"
              title="Hide the console"
              onClick={() => onClose()}
            >
              <CloseIcon size={14} />
            </Button>
          )}
        </StyledActions>
      </StyledHeader>
      <StyledScroller ref={scrollerRef} onScroll={onScroll}>
        {entries.length === 0 ? (
          <StyledNote>
            Nothing logged yet. What the app writes to its console shows here.
          </StyledNote>
        ) : shown.length === 0 ? (
          <StyledNote>
            {entries.length === 1
              ? 'The only message is hidden by the filter.'
              : `All ${entries.length} messages are hidden by the filter.`}
          </StyledNote>
        ) : (
          <StyledList aria-label="Console messages">
            {shown.map((entry) => (
              <ConsoleEntryRow key={entry.id} entry={entry} />
            ))}
          </StyledList>
        )}
      </StyledScroller>
    </StyledConsole>
  );
}
