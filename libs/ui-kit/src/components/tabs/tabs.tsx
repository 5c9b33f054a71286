import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { interactiveTransition } from '../../utils/styles';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export type TabsVariant = 'pills' | 'underline';

export interface TabsProps {
  items: readonly TabItem[];
  /** Controlled selected tab id. */
  value?: string;
  /** Initially selected tab id (uncontrolled). Default: the first enabled tab. */
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  /** Name of the tab list (or use aria-labelledby). */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  /** automatic: arrows select; manual: arrows move focus, Enter/Space select. Default: automatic. */
  activation?: 'automatic' | 'manual';
  variant?: TabsVariant;
  /** Tabs share the width of the list. */
  fullWidth?: boolean;
  /** Keep inactive panels in the DOM (hidden) to preserve their state. */
  keepMounted?: boolean;
  className?: string;
}

export const StyledTabs = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

export const StyledTabList = styled.div<{ $variant: TabsVariant; $fullWidth: boolean }>`
  display: ${({ $fullWidth, $variant }) => ($fullWidth || $variant === 'underline' ? 'flex' : 'inline-flex')};
  align-items: center;
  align-self: ${({ $fullWidth, $variant }) => ($fullWidth || $variant === 'underline' ? 'stretch' : 'flex-start')};
  max-width: 100%;
  overflow-x: auto;
  scrollbar-width: none;
  ${({ theme, $variant }) =>
    $variant === 'pills'
      ? css`
          gap: ${theme.space[1]};
          padding: 3px;
          border-radius: ${theme.radii.lg};
          background-color: ${theme.colors.muted};
        `
      : css`
          gap: ${theme.space[4]};
          border-bottom: 1px solid ${theme.colors.border};
        `}
`;

export const StyledTab = styled.button<{ $variant: TabsVariant; $fullWidth: boolean }>`
  position: relative;
  display: inline-flex;
  flex: ${({ $fullWidth }) => ($fullWidth ? '1 1 0' : '0 0 auto')};
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space[1.5]};
  border: 1px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.mutedForeground};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  white-space: nowrap;
  ${interactiveTransition}

  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.foreground};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: ${({ $variant }) => ($variant === 'pills' ? '0' : '2px')};
  }

  &:disabled {
    opacity: 0.45;
    cursor: not-allowed;
  }

  ${({ theme, $variant }) =>
    $variant === 'pills'
      ? css`
          height: 30px;
          padding: 0 ${theme.space[3]};
          border-radius: ${theme.radii.md};

          &[aria-selected='true'] {
            background-color: ${theme.mode === 'dark' ? theme.colors.input : theme.colors.background};
            color: ${theme.colors.foreground};
            box-shadow: ${theme.shadows.sm};
          }
        `
      : css`
          height: 40px;
          padding: 0 ${theme.space[0.5]};
          margin-bottom: -1px;
          border-radius: 0;

          &::after {
            content: '';
            position: absolute;
            left: 0;
            right: 0;
            bottom: -1px;
            height: 2px;
            border-radius: 2px;
            background-color: transparent;
            transition: background-color ${theme.motion.durations.fast};
          }

          &[aria-selected='true'] {
            color: ${theme.colors.foreground};
          }

          &[aria-selected='true']::after {
            background-color: ${theme.colors.foreground};
          }
        `}
`;

export const StyledTabPanel = styled.div`
  min-width: 0;
  border-radius: ${({ theme }) => theme.radii.md};

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.ring};
    outline-offset: 4px;
  }
`;

/** WAI-ARIA tabs: roving focus, Arrow keys (wrapping), Home and End. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  activation = 'automatic',
  variant = 'pills',
  fullWidth = false,
  keepMounted = false,
  className,
}: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.id;
  const [internal, setInternal] = useState(defaultValue ?? firstEnabled);
  const selected = value ?? internal;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setInternal(id);
    if (id !== selected) onValueChange?.(id);
  };

  const enabled = items.filter((item) => !item.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const currentId = (event.target as HTMLElement).dataset['tabId'];
    const index = enabled.findIndex((item) => item.id === currentId);
    if (index < 0) return;
    let next: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    tabRefs.current.get(next.id)?.focus();
    if (activation === 'automatic') select(next.id);
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <StyledTabs className={className}>
      <StyledTabList
        role="tablist"
        aria-label={ariaLabel}
        aria-labelledby={ariaLabelledBy}
        aria-orientation="horizontal"
        $variant={variant}
        $fullWidth={fullWidth}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <StyledTab
              key={item.id}
              ref={(node: HTMLButtonElement | null) => {
                if (node) tabRefs.current.set(item.id, node);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              data-tab-id={item.id}
              aria-selected={isSelected}
              aria-controls={isSelected || keepMounted ? panelId(item.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              $variant={variant}
              $fullWidth={fullWidth}
              onClick={() => select(item.id)}
            >
              {item.label}
            </StyledTab>
          );
        })}
      </StyledTabList>
      {items.map((item) => {
        const isSelected = item.id === selected;
        if (!isSelected && !keepMounted) return null;
        return (
          <StyledTabPanel
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            tabIndex={0}
            hidden={!isSelected}
          >
            {item.content}
          </StyledTabPanel>
        );
      })}
    </StyledTabs>
  );
}
