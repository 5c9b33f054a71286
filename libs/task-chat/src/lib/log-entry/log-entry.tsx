import { memo, useId, useState, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { MODEL_LABELS, type TaskLogOf, type TaskRating } from '@mason/contract';
import type { TaskLogDraft } from '@mason/api-client';
import {
  AlertCircleIcon,
  Badge,
  Button,
  CheckIcon,
  ChevronRightIcon,
  FileIcon,
  RotateCcwIcon,
  Spinner,
  ThumbsDownIcon,
  ThumbsUpIcon,
  VisuallyHidden,
  WrenchIcon,
  focusRingStyles,
  interactiveTransition,
} from '@mason/ui-kit';
import type { ChatRow, EntryLog } from '../chat-log/chat-rows';
import { describeToolActivity } from '../chat-log/tool-activity';
import { useChatContext } from '../chat-context/chat-context';
import { formatDateTime } from '../format/format-time';
import { Markdown } from '../markdown/markdown';
import { NeedsAttentionCard } from '../needs-attention-card/needs-attention-card';

// ---- Shared looks ----

const StyledRow = styled.div`
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[4]}`};
`;

const StyledBubble = styled.article<{ $own: boolean }>`
  max-width: ${({ $own }) => ($own ? '85%' : '100%')};
  margin-left: ${({ $own }) => ($own ? 'auto' : '0')};
  padding: ${({ theme, $own }) => ($own ? `${theme.space[2.5]} ${theme.space[3]}` : '0')};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $own }) => ($own ? theme.colors.secondary : 'transparent')};
  color: ${({ theme, $own }) => ($own ? theme.colors.secondaryForeground : theme.colors.foreground)};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledPlainText = styled.p`
  margin: 0;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  line-height: ${({ theme }) => theme.typography.lineHeights.relaxed};
`;

const StyledMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledQuiet = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

const StyledMono = styled.span`
  font-family: ${({ theme }) => theme.typography.fonts.mono};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  min-width: 0;
`;

// ---- The person's message ----

const StyledImages = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding: 0;
  list-style: none;

  img {
    display: block;
    max-width: 160px;
    max-height: 120px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    object-fit: cover;
  }
`;

const StyledChips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1.5]};
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding: 0;
  list-style: none;

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    max-width: 100%;
    padding: ${({ theme }) => `${theme.space[0.5]} ${theme.space[2]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.full};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

function UserMessage({ log }: { log: TaskLogOf<'USER_MESSAGE'> }) {
  const { images, staticFiles, selectedComponents } = log.payload;
  return (
    <StyledBubble $own aria-label="Your message">
      <StyledPlainText>{log.content}</StyledPlainText>
      {images.length > 0 && (
        <StyledImages aria-label="Attached images">
          {images.map((image, index) => (
            <li key={image.url}>
              <img src={image.url} alt={`Attached image ${index + 1}`} loading="lazy" />
            </li>
          ))}
        </StyledImages>
      )}
      {staticFiles.length > 0 && (
        <StyledChips aria-label="Attached files">
          {staticFiles.map((file) => (
            <li key={file.id}>
              <FileIcon size={12} />
              <StyledMono>{file.fileName}</StyledMono>
            </li>
          ))}
        </StyledChips>
      )}
      {selectedComponents.length > 0 && (
        <StyledChips aria-label="Selected elements">
          {selectedComponents.map((component) => (
            <li
              key={`${component.filePath}:${component.line ?? ''}:${component.componentName}`}
              title={`${component.filePath}${component.line ? `:${component.line}` : ''}`}
            >
              <StyledMono>{`<${component.componentName}>`}</StyledMono>
              <span>in {component.filePath}</span>
            </li>
          ))}
        </StyledChips>
      )}
    </StyledBubble>
  );
}

// ---- The assistant's answer, and the one being written ----

const StyledRating = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

function RateAnswer({ logId }: { logId: string }) {
  const { ratings, rate, ratingLogId } = useChatContext();
  const given = ratings[logId];
  if (given)
    return (
      <StyledRating role="status">
        <CheckIcon size={12} /> Thanks for the feedback.
      </StyledRating>
    );
  const busy = ratingLogId === logId;
  const button = (rating: TaskRating, label: string, icon: ReactNode) => (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      disabled={busy}
      onClick={() => rate(logId, rating)}
    >
      {icon}
    </Button>
  );
  return (
    <StyledRating role="group" aria-label="Rate this answer">
      <span>Was this helpful?</span>
      {button('POSITIVE', 'Good answer', <ThumbsUpIcon size={14} />)}
      {button('NEGATIVE', 'Bad answer', <ThumbsDownIcon size={14} />)}
    </StyledRating>
  );
}

function AiMessage({ log }: { log: TaskLogOf<'AI_MESSAGE'> }) {
  const { rateableLogId } = useChatContext();
  return (
    <StyledBubble $own={false} aria-label="Assistant’s message">
      <Markdown>{log.content}</Markdown>
      {rateableLogId === log.id && (
        <StyledMeta>
          {log.payload.model && <span>{MODEL_LABELS[log.payload.model]}</span>}
          <RateAnswer logId={log.id} />
        </StyledMeta>
      )}
    </StyledBubble>
  );
}

const blink = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0; }
`;

const StyledCaret = styled.span`
  display: inline-block;
  width: 0.5em;
  height: 1em;
  margin-left: 2px;
  vertical-align: text-bottom;
  background: ${({ theme }) => theme.colors.mutedForeground};
  animation: ${blink} 1s steps(1) infinite;

  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** Words of an answer being written: shown as they come, replaced by the stored message. */
export function DraftMessage({ draft }: { draft: TaskLogDraft }) {
  return (
    <StyledBubble
      $own={false}
      aria-label="Assistant’s message, being written"
      aria-live="polite"
      aria-busy="true"
    >
      <Markdown>{draft.text}</Markdown>
      <StyledCaret aria-hidden="true" />
    </StyledBubble>
  );
}

const bounce = keyframes`
  0%, 80%, 100% { transform: translateY(0); opacity: 0.4; }
  40% { transform: translateY(-3px); opacity: 1; }
`;

const StyledDots = styled.span`
  display: inline-flex;
  gap: 3px;

  span {
    width: 6px;
    height: 6px;
    border-radius: ${({ theme }) => theme.radii.full};
    background: currentColor;
    animation: ${bounce} 1.2s infinite ease-in-out;
  }
  span:nth-child(2) {
    animation-delay: 0.15s;
  }
  span:nth-child(3) {
    animation-delay: 0.3s;
  }

  @media (prefers-reduced-motion: reduce) {
    span {
      animation: none;
    }
  }
`;

/** The typing indicator while the assistant works and has written nothing yet. */
export function ThinkingIndicator() {
  return (
    <StyledQuiet>
      <StyledDots aria-hidden="true">
        <span />
        <span />
        <span />
      </StyledDots>
      <span>Working…</span>
    </StyledQuiet>
  );
}

// ---- What the assistant did ----

const StyledToolToggle = styled.button`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  width: 100%;
  min-width: 0;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[2]}`};
  margin: 0 ${({ theme }) => `-${theme.space[2]}`};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font: inherit;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  text-align: left;
  cursor: pointer;
  ${interactiveTransition}
  ${focusRingStyles}

  &:hover {
    color: ${({ theme }) => theme.colors.foreground};
    background: ${({ theme }) => theme.colors.accent};
  }
`;

const StyledChevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  flex-shrink: 0;
  transition: transform ${({ theme }) => theme.motion.durations.fast};
  ${({ $open }) =>
    $open &&
    css`
      transform: rotate(90deg);
    `}
`;

const StyledToolLabel = styled.span<{ $error: boolean }>`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  color: ${({ theme, $error }) => ($error ? theme.colors.destructiveText : 'inherit')};
`;

const StyledDetails = styled.div`
  margin: ${({ theme }) => `${theme.space[1]} 0 ${theme.space[1]} ${theme.space[5]}`};
  display: grid;
  gap: ${({ theme }) => theme.space[2]};

  pre {
    margin: 0;
    max-height: 320px;
    overflow: auto;
    padding: ${({ theme }) => theme.space[2.5]};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.card};
    font-family: ${({ theme }) => theme.typography.fonts.mono};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

const StyledDetailsLabel = styled.div`
  margin-bottom: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
`;

function ToolActivity({
  call,
  result,
}: {
  call: TaskLogOf<'TOOL_CALL'> | null;
  result: TaskLogOf<'TOOL_RESULT'> | null;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const label = describeToolActivity(call, result);
  const failed = result?.payload.isError === true;
  const input = call ? JSON.stringify(call.payload.input, null, 2) : null;
  return (
    <div>
      <StyledToolToggle
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((value) => !value)}
      >
        <StyledChevron $open={open} aria-hidden="true">
          <ChevronRightIcon size={12} />
        </StyledChevron>
        {result === null ? (
          <Spinner size="xs" decorative />
        ) : failed ? (
          <AlertCircleIcon size={12} />
        ) : (
          <WrenchIcon size={12} />
        )}
        <StyledToolLabel $error={failed}>{label}</StyledToolLabel>
      </StyledToolToggle>
      {open && (
        <StyledDetails id={detailsId}>
          {input && input !== '{}' && (
            <div>
              <StyledDetailsLabel>Input</StyledDetailsLabel>
              <pre>{input}</pre>
            </div>
          )}
          <div>
            <StyledDetailsLabel>{failed ? 'Error' : 'Result'}</StyledDetailsLabel>
            <pre>{result ? result.content || '(nothing)' : 'Still running…'}</pre>
          </div>
        </StyledDetails>
      )}
    </div>
  );
}

const CHANGE_VERBS = { CREATED: 'Created', UPDATED: 'Updated', DELETED: 'Deleted' } as const;

const StyledCounts = styled.span`
  display: inline-flex;
  gap: ${({ theme }) => theme.space[1.5]};
  flex-shrink: 0;
  font-family: ${({ theme }) => theme.typography.fonts.mono};
`;

const StyledAdded = styled.span`
  color: ${({ theme }) => theme.colors.successText};
`;

const StyledRemoved = styled.span`
  color: ${({ theme }) => theme.colors.destructiveText};
`;

function FileChange({ log }: { log: TaskLogOf<'FILE_CHANGE'> }) {
  const { path, change, additions, deletions } = log.payload;
  return (
    <StyledQuiet>
      <FileIcon size={12} />
      <span>{CHANGE_VERBS[change]}</span>
      <StyledMono title={path}>{path}</StyledMono>
      <StyledCounts>
        <StyledAdded aria-hidden="true">+{additions}</StyledAdded>
        <StyledRemoved aria-hidden="true">−{deletions}</StyledRemoved>
        <VisuallyHidden>
          {additions} {additions === 1 ? 'line' : 'lines'} added, {deletions}{' '}
          {deletions === 1 ? 'line' : 'lines'} removed
        </VisuallyHidden>
      </StyledCounts>
    </StyledQuiet>
  );
}

const StyledVersion = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.card};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledVersionText = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-width: 0;

  small {
    color: ${({ theme }) => theme.colors.mutedForeground};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

function VersionEntry({ log }: { log: TaskLogOf<'VERSION'> }) {
  const { currentVersionId, canRevert, requestRevert } = useChatContext();
  const { versionId, index } = log.payload;
  const title = `Version ${index}`;
  const current = currentVersionId === versionId;
  return (
    <StyledVersion>
      <StyledVersionText>
        <strong>{title}</strong>
        {log.content && log.content !== title && <small title={log.content}>{log.content}</small>}
      </StyledVersionText>
      {current ? (
        <Badge variant="success">Current</Badge>
      ) : (
        <Button
          size="sm"
          variant="outline"
          leadingIcon={<RotateCcwIcon size={14} />}
          disabled={!canRevert}
          title={canRevert ? undefined : 'Wait for the assistant to finish before reverting.'}
          aria-label={`Revert to version ${index}`}
          onClick={() => requestRevert({ versionId, index })}
        >
          Revert
        </Button>
      )}
    </StyledVersion>
  );
}

const StyledError = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2.5]};
  padding: ${({ theme }) => `${theme.space[2.5]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.destructiveText};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.destructiveSubtle};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  > svg {
    flex-shrink: 0;
    margin-top: 2px;
    color: ${({ theme }) => theme.colors.destructiveText};
  }
`;

/** An error of the turn (a failed build, a provider that refused). Announced by the status bar. */
function ErrorEntry({ log }: { log: TaskLogOf<'ERROR'> }) {
  return (
    <StyledError aria-label="Error">
      <AlertCircleIcon size={16} />
      <StyledPlainText>{log.content}</StyledPlainText>
    </StyledError>
  );
}

const StyledDivider = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.colors.border};
  }
`;

function StatusEntry({ log }: { log: TaskLogOf<'STATUS'> }) {
  return (
    <StyledDivider>
      <span title={formatDateTime(log.createdAt)}>{log.content}</span>
    </StyledDivider>
  );
}

function Entry({ log }: { log: EntryLog }) {
  switch (log.type) {
    case 'USER_MESSAGE':
      return <UserMessage log={log} />;
    case 'AI_MESSAGE':
      return <AiMessage log={log} />;
    case 'FILE_CHANGE':
      return <FileChange log={log} />;
    case 'VERSION':
      return <VersionEntry log={log} />;
    case 'ERROR':
      return <ErrorEntry log={log} />;
    case 'NEEDS_ATTENTION':
      return <NeedsAttentionCard log={log} />;
    case 'STATUS':
      return <StatusEntry log={log} />;
  }
}

export interface LogEntryProps {
  row: ChatRow;
}

/** One row of the chat, as the person sees it. Memoized: rows re-render only when they change. */
export const LogEntry = memo(function LogEntry({ row }: LogEntryProps) {
  return (
    <StyledRow>
      {row.kind === 'entry' ? (
        <Entry log={row.log} />
      ) : row.kind === 'tool' ? (
        <ToolActivity call={row.call} result={row.result} />
      ) : row.kind === 'draft' ? (
        <DraftMessage draft={row.draft} />
      ) : (
        <ThinkingIndicator />
      )}
    </StyledRow>
  );
});
