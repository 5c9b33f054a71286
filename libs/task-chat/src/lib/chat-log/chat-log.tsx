import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type Ref,
} from 'react';
import styled from 'styled-components';
import { ArrowUpIcon, Button, Spinner, focusRingStyles } from '@mason/ui-kit';
import { LogEntry } from '../log-entry/log-entry';
import type { ChatRow, EntryLog } from '../chat-rows/chat-rows';
import { whenIdle } from '../when-idle/when-idle';

/** What a parent can ask of the log. */
export interface ChatLogHandle {
  /** Scrolls to the newest entry. */
  scrollToEnd: (behavior?: 'auto' | 'smooth') => void;
}

export interface ChatLogProps {
  rows: readonly ChatRow[];
  /** Older entries exist on the server. */
  hasMoreBefore: boolean;
  loadingOlder: boolean;
  /** Why the last attempt to load older entries failed, or null. */
  olderError: string | null;
  onLoadOlder: () => void;
  /** What the log says while it holds no entry at all. */
  emptyText?: string;
  /** Accessible name of the log. Default "Conversation". */
  label?: string;
  /**
   * The height (px) the log's view will have, when its container knows it (it measured what
   * stood in the log's place while the entries loaded): the first render then lays out the
   * rows that show, without waiting to measure the view.
   */
  initialHeight?: number;
  handleRef?: Ref<ChatLogHandle>;
}

/** How far from the end (px) still counts as "at the newest entry": the log follows new output. */
const END_THRESHOLD_PX = 80;
/** Older entries load when the view comes this close to the top (px). */
const NEAR_TOP_PX = 320;
/**
 * Rows rendered beyond the view, on each side, to scroll into. Until the log has been painted
 * once, only one: the first paint renders little more than the rows that show.
 */
const OVERSCAN = 6;
const FIRST_PAINT_OVERSCAN = 1;
/** The full overscan comes when the page is idle after the first paint, or after this long (ms). */
const FULL_OVERSCAN_WAIT_MS = 1000;
/** The first line of the log (where older entries load), above the virtual rows. */
const START_ROW_HEIGHT = 48;

/**
 * A row's height as the virtualizer learns it. The ref that mounts a row asks at once: reading
 * the row's box there would force a layout of the whole chat for every row mounted (20 forced
 * layouts before the first paint of a long chat). The row's guessed (or last known) height
 * serves until the resize observer, which sees every row it starts observing once the browser
 * laid the page out, brings the real one, before that frame is painted.
 */
function measureRow(
  element: HTMLDivElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
): number {
  const box = entry?.borderBoxSize?.[0];
  if (box) return Math.round(box.blockSize);
  if (entry) return Math.round(element.getBoundingClientRect().height);
  const index = instance.indexFromElement(element);
  return (
    instance.itemSizeCache.get(instance.options.getItemKey(index)) ??
    instance.options.estimateSize(index)
  );
}

/** Pixels of one line of the chat's text, of one line of code, and of the gap between paragraphs. */
const LINE_PX = 22;
const CODE_LINE_PX = 18;
const PARAGRAPH_GAP_PX = 12;
/** A code block's padding and border around its lines. */
const CODE_BLOCK_PX = 26;
const FENCE_LINE = /^\s*(```|~~~)/;

/**
 * The height of a message's text, line by line: wrapped prose, blank lines between paragraphs,
 * and fenced code (one line each: code scrolls sideways, it does not wrap).
 */
function textHeight(text: string, charsPerLine: number): number {
  let height = 0;
  let inCode = false;
  for (const line of text.split('\n')) {
    if (FENCE_LINE.test(line)) {
      inCode = !inCode;
      if (inCode) height += CODE_BLOCK_PX;
    } else if (inCode) height += CODE_LINE_PX;
    else if (line.trim() === '') height += PARAGRAPH_GAP_PX;
    else height += Math.ceil(line.length / charsPerLine) * LINE_PX;
  }
  return height;
}

/** Guesses per entry: a long history asks for them again each time older entries come in. */
const estimates = new WeakMap<EntryLog, number>();

function estimateEntry(log: EntryLog): number {
  switch (log.type) {
    case 'AI_MESSAGE':
      return Math.min(600, 14 + textHeight(log.content, 60));
    case 'USER_MESSAGE':
      return Math.min(400, 34 + textHeight(log.content, 50));
    case 'NEEDS_ATTENTION':
      return 180;
    case 'VERSION':
      return 64;
    case 'ERROR':
      return 56;
    default:
      return 30;
  }
}

/**
 * A first guess of a row's height before it is measured (px). The closer it is, the fewer rows
 * the chat renders (and measures, and renders again) before its first paint.
 */
function estimateRow(row: ChatRow | undefined): number {
  if (!row) return 48;
  switch (row.kind) {
    case 'tool':
      return 40;
    case 'thinking':
      return 30;
    case 'draft':
      return 72;
    case 'entry': {
      let estimate = estimates.get(row.log);
      if (estimate === undefined) {
        estimate = estimateEntry(row.log);
        estimates.set(row.log, estimate);
      }
      return estimate;
    }
  }
}

const StyledViewport = styled.div`
  position: relative;
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overflow-anchor: none;
  overscroll-behavior: contain;
  border-radius: ${({ theme }) => theme.radii.sm};
  ${focusRingStyles}

  &:focus-visible {
    box-shadow: inset ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledSizer = styled.div`
  position: relative;
  width: 100%;
`;

const StyledItem = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;

const StyledStart = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  overflow: hidden;
  padding: ${({ theme }) => `0 ${theme.space[4]}`};
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  text-align: center;
`;

/* A row of its own under the log, never over it: it covers no message and no rating row. */
const StyledJump = styled.div`
  display: flex;
  flex-shrink: 0;
  justify-content: flex-end;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]} 0`};

  svg {
    transform: rotate(180deg);
  }
`;

const StyledFrame = styled.div`
  position: relative;
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
`;

function StartRow(props: StartRowProps) {
  return <StyledStart style={{ height: START_ROW_HEIGHT }}>{startRowContent(props)}</StyledStart>;
}

type StartRowProps = Pick<
  ChatLogProps,
  'hasMoreBefore' | 'loadingOlder' | 'olderError' | 'onLoadOlder' | 'emptyText'
>;

function startRowContent({
  hasMoreBefore,
  loadingOlder,
  olderError,
  onLoadOlder,
  emptyText,
}: StartRowProps) {
  if (loadingOlder)
    return (
      <>
        <Spinner size="xs" decorative />
        Loading earlier messages…
      </>
    );
  if (olderError)
    return (
      <>
        <span>{olderError}</span>
        <Button size="sm" variant="outline" onClick={onLoadOlder}>
          Try again
        </Button>
      </>
    );
  if (hasMoreBefore)
    return (
      <Button size="sm" variant="ghost" onClick={onLoadOlder}>
        Load earlier messages
      </Button>
    );
  return emptyText ?? 'This is the start of the conversation.';
}

/**
 * The task's log, virtualised: only the rows in view (and a few around them) are in the page,
 * whatever the length of the history. It opens at the newest entry, follows new entries and
 * words while the person is at the end, keeps its place when older entries load above (they
 * load when the person scrolls near the top), and offers a way back to the newest entry.
 */
export function ChatLog({
  rows,
  hasMoreBefore,
  loadingOlder,
  olderError,
  onLoadOlder,
  emptyText,
  label = 'Conversation',
  handleRef,
  initialHeight,
}: ChatLogProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  const [opened, setOpened] = useState(false);
  const [painted, setPainted] = useState(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => viewportRef.current,
    estimateSize: (index) => estimateRow(rows[index]),
    measureElement: measureRow,
    // The log opens at its newest entry: the first rows laid out are the last ones (by their
    // guessed heights), not the oldest loaded ones, mounted only to be swapped at once.
    initialOffset: () =>
      Math.max(
        0,
        rows.reduce((total, row) => total + estimateRow(row), START_ROW_HEIGHT) -
          (viewportRef.current?.clientHeight || initialHeight || window.innerHeight),
      ),
    // Until the view is measured (after the first render), its expected size: with it, the first
    // render already holds the newest rows, not none.
    ...(initialHeight ? { initialRect: { width: 0, height: initialHeight } } : {}),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: painted ? OVERSCAN : FIRST_PAINT_OVERSCAN,
    // The first line sits above the rows, inside the same scroller.
    scrollMargin: START_ROW_HEIGHT,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: END_THRESHOLD_PX,
  });

  useImperativeHandle(
    handleRef,
    () => ({ scrollToEnd: (behavior = 'smooth') => virtualizer.scrollToEnd({ behavior }) }),
    [virtualizer],
  );

  // Open at the newest entry once there is something to show.
  const hasEntries = rows.length > 0;
  useLayoutEffect(() => {
    if (!hasEntries || opened) return;
    virtualizer.scrollToEnd();
    setOpened(true);
  }, [hasEntries, opened, virtualizer]);
  useEffect(() => {
    if (!opened || painted) return;
    return whenIdle(() => setPainted(true), FULL_OVERSCAN_WAIT_MS);
  }, [opened, painted]);

  const items = virtualizer.getVirtualItems();

  // Near the top (or when the entries do not fill the view): load the older entries. They go
  // in above the rows in view, which stay where they are.
  const canLoadOlder = opened && hasMoreBefore && !loadingOlder && !olderError;
  const maybeLoadOlder = useCallback(() => {
    const viewport = viewportRef.current;
    if (canLoadOlder && viewport && viewport.scrollTop < NEAR_TOP_PX) onLoadOlder();
  }, [canLoadOlder, onLoadOlder]);
  useEffect(() => maybeLoadOlder(), [maybeLoadOlder, rows.length]);

  const atEnd = !opened || virtualizer.isAtEnd(END_THRESHOLD_PX);
  const jumpToEnd = useCallback(
    () => virtualizer.scrollToEnd({ behavior: 'smooth' }),
    [virtualizer],
  );

  return (
    <StyledFrame>
      <StyledViewport
        ref={viewportRef}
        data-chat-viewport=""
        role="log"
        aria-label={label}
        aria-live="polite"
        aria-relevant="additions"
        tabIndex={0}
        onScroll={maybeLoadOlder}
      >
        <StartRow
          hasMoreBefore={hasMoreBefore}
          loadingOlder={loadingOlder}
          olderError={olderError}
          onLoadOlder={onLoadOlder}
          emptyText={rows.length === 0 ? emptyText : undefined}
        />
        <StyledSizer style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <StyledItem
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                style={{ transform: `translateY(${item.start - START_ROW_HEIGHT}px)` }}
              >
                <LogEntry row={row} />
              </StyledItem>
            );
          })}
        </StyledSizer>
      </StyledViewport>
      {!atEnd && (
        <StyledJump>
          <Button
            size="sm"
            variant="secondary"
            leadingIcon={<ArrowUpIcon size={14} />}
            onClick={jumpToEnd}
          >
            Jump to latest
          </Button>
        </StyledJump>
      )}
    </StyledFrame>
  );
}
