import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import styled from 'styled-components';
import { CHAT_WIDTH_DEFAULT } from '@mason/contract';
import { CHAT_WIDTH_MAX, CHAT_WIDTH_MIN } from '../chat-width/use-chat-width';

export interface PaneResizerProps {
  width: number;
  onResize: (width: number) => void;
  /** The id of the pane it resizes. */
  controls?: string;
  /** What it resizes, for its name ("Resize the chat"). Default: the chat. */
  label?: string;
  /** The pane's bounds and the width Enter goes back to. Default: the chat's (SPEC.md). */
  min?: number;
  max?: number;
  defaultWidth?: number;
  /**
   * Where the pane is: before the edge (the chat, default: dragging right widens it) or after it
   * (the history: dragging left widens it).
   */
  pane?: 'before' | 'after';
}

/** Arrow keys move the edge this far (px); with Shift, four times as far. */
const STEP_PX = 16;

const StyledSeparator = styled.div`
  position: relative;
  flex: 0 0 auto;
  width: 9px;
  margin: 0 -4px;
  z-index: ${({ theme }) => theme.zIndices.raised};
  cursor: col-resize;
  touch-action: none;

  &::after {
    content: '';
    position: absolute;
    top: 0;
    bottom: 0;
    left: 4px;
    width: 1px;
    background: ${({ theme }) => theme.colors.border};
    transition: background ${({ theme }) => theme.motion.durations.fast};
  }
  &:hover::after,
  &[data-dragging='true']::after {
    width: 2px;
    left: 3.5px;
    background: ${({ theme }) => theme.colors.ring};
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    width: 3px;
    left: 3px;
    background: ${({ theme }) => theme.colors.ring};
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

/**
 * The edge of a resizable pane (the chat, the history): drag it, or focus it and use the
 * arrow keys (Home: narrowest, End: widest, Enter: the default width).
 */
export function PaneResizer({
  width,
  onResize,
  controls,
  label = 'Resize the chat',
  min = CHAT_WIDTH_MIN,
  max = CHAT_WIDTH_MAX,
  defaultWidth = CHAT_WIDTH_DEFAULT,
  pane = 'before',
}: PaneResizerProps) {
  const sign = pane === 'before' ? 1 : -1;
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const separator = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? STEP_PX * 4 : STEP_PX;
    const next: Record<string, number> = {
      ArrowLeft: width - sign * step,
      ArrowRight: width + sign * step,
      Home: min,
      End: max,
      Enter: defaultWidth,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onResize(target);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    drag.current = { startX: event.clientX, startWidth: width };
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.dataset['dragging'] = 'true';
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onResize(drag.current.startWidth + sign * (event.clientX - drag.current.startX));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    event.currentTarget.dataset['dragging'] = 'false';
  };

  return (
    <StyledSeparator
      ref={separator}
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={`${width} pixels wide`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
    />
  );
}
