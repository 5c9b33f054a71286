import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Button, type ButtonSize, type ButtonVariant } from '../button/button';

export interface MenuItemEntry {
  type?: 'item';
  id: string;
  label: ReactNode;
  /** Text used for type-ahead when the label is not a string. */
  textValue?: string;
  onSelect?: () => void;
  /** Renders the item as a link. */
  href?: string;
  icon?: ReactNode;
  /** Hint at the end of the row, e.g. "⌘K". */
  shortcut?: string;
  disabled?: boolean;
  destructive?: boolean;
}

export interface MenuSeparatorEntry {
  type: 'separator';
  id: string;
}

export type MenuEntry = MenuItemEntry | MenuSeparatorEntry;

export interface MenuProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text (an avatar, an icon). */
  triggerLabel?: string;
  triggerVariant?: ButtonVariant;
  triggerSize?: ButtonSize;
  items: readonly MenuEntry[];
  /** Non-interactive content at the top of the menu (e.g. who is signed in). */
  header?: ReactNode;
  /** Which edge of the trigger the menu lines up with. Default: start. */
  align?: 'start' | 'end';
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

const isItem = (entry: MenuEntry): entry is MenuItemEntry => entry.type !== 'separator';

const enter = keyframes`
  from { opacity: 0; transform: translateY(-4px) scale(0.98); }
  to { opacity: 1; transform: translateY(0) scale(1); }
`;

export const StyledMenuRoot = styled.div`
  position: relative;
  display: inline-flex;
`;

export const StyledMenu = styled.div<{ $align: 'start' | 'end' }>`
  position: absolute;
  top: calc(100% + ${({ theme }) => theme.space[1.5]});
  ${({ $align }) => ($align === 'end' ? 'right: 0;' : 'left: 0;')}
  z-index: ${({ theme }) => theme.zIndices.popover};
  min-width: 208px;
  max-width: min(320px, calc(100vw - 16px));
  padding: ${({ theme }) => theme.space[1]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background-color: ${({ theme }) => theme.colors.popover};
  color: ${({ theme }) => theme.colors.popoverForeground};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  transform-origin: ${({ $align }) => ($align === 'end' ? 'top right' : 'top left')};
  animation: ${enter} ${({ theme }) => `${theme.motion.durations.fast} ${theme.motion.easings.out}`};

  &:focus {
    outline: none;
  }
`;

export const StyledMenuHeader = styled.div`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]} ${theme.space[2.5]}`};
  margin: ${({ theme }) => `0 -${theme.space[1]} ${theme.space[1]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

export const StyledMenuSeparator = styled.div`
  height: 1px;
  margin: ${({ theme }) => `${theme.space[1]} -${theme.space[1]}`};
  background-color: ${({ theme }) => theme.colors.border};
`;

export const StyledMenuItem = styled.button<{ $destructive: boolean }>`
  display: flex;
  width: 100%;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 32px;
  padding: ${({ theme }) => `${theme.space[1.5]} ${theme.space[2]}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme, $destructive }) => ($destructive ? theme.colors.destructiveText : theme.colors.popoverForeground)};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  user-select: none;

  svg {
    flex-shrink: 0;
    width: 16px;
    height: 16px;
    color: ${({ theme, $destructive }) => ($destructive ? 'currentColor' : theme.colors.mutedForeground)};
  }

  &:focus,
  &:focus-visible {
    outline: none;
    ${({ theme, $destructive }) => css`
      background-color: ${$destructive ? theme.colors.destructiveSubtle : theme.colors.accent};
      color: ${$destructive ? theme.colors.destructiveText : theme.colors.accentForeground};
    `}
  }

  &[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

const StyledShortcut = styled.span`
  margin-left: auto;
  padding-left: ${({ theme }) => theme.space[4]};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  letter-spacing: ${({ theme }) => theme.typography.letterSpacings.wide};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

function textOf(item: MenuItemEntry): string {
  if (item.textValue) return item.textValue;
  return typeof item.label === 'string' ? item.label : '';
}

/**
 * A menu button and its menu (WAI-ARIA menu button pattern): Enter, Space and ArrowDown open on
 * the first item, ArrowUp on the last; arrows, Home, End and type-ahead move; Escape closes and
 * returns focus; Tab and a click outside close.
 */
export function Menu({
  trigger,
  triggerLabel,
  triggerVariant = 'outline',
  triggerSize = 'md',
  items,
  header,
  align = 'start',
  onOpenChange,
  className,
}: MenuProps) {
  const baseId = useId();
  const triggerId = `${baseId}-trigger`;
  const menuId = `${baseId}-menu`;
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef(new Map<string, HTMLElement>());
  const typeahead = useRef({ text: '', timer: 0 });

  const enabledItems = items.filter(isItem).filter((item) => !item.disabled);

  const setOpenState = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };

  const openMenu = (focus: 'first' | 'last') => {
    const target = focus === 'first' ? enabledItems[0] : enabledItems[enabledItems.length - 1];
    setActiveId(target?.id ?? null);
    setOpenState(true);
  };

  const closeMenu = (returnFocus: boolean) => {
    setOpenState(false);
    setActiveId(null);
    if (returnFocus) triggerRef.current?.focus();
  };

  // Move DOM focus to the active item, in the commit that renders it.
  useLayoutEffect(() => {
    if (!open) return;
    if (activeId) itemRefs.current.get(activeId)?.focus();
    else document.getElementById(menuId)?.focus();
  }, [open, activeId, menuId]);

  // Forget a pending type-ahead reset when the menu goes away.
  useEffect(() => {
    const state = typeahead.current;
    return () => window.clearTimeout(state.timer);
  }, []);

  // A press outside closes the menu without stealing focus back.
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (
        rootRef.current &&
        event.target instanceof Node &&
        !rootRef.current.contains(event.target)
      ) {
        setOpen(false);
        setActiveId(null);
        onOpenChange?.(false);
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, onOpenChange]);

  const move = (delta: 1 | -1) => {
    if (enabledItems.length === 0) return;
    const index = enabledItems.findIndex((item) => item.id === activeId);
    const next =
      index < 0
        ? delta === 1
          ? 0
          : enabledItems.length - 1
        : (index + delta + enabledItems.length) % enabledItems.length;
    setActiveId(enabledItems[next].id);
  };

  const activate = (item: MenuItemEntry) => {
    if (item.disabled) return;
    item.onSelect?.();
    closeMenu(!item.href);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        return;
      case 'Home':
        event.preventDefault();
        setActiveId(enabledItems[0]?.id ?? null);
        return;
      case 'End':
        event.preventDefault();
        setActiveId(enabledItems[enabledItems.length - 1]?.id ?? null);
        return;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        closeMenu(true);
        return;
      case 'Tab':
        // Focus goes back to the trigger; the browser then moves on from there.
        closeMenu(true);
        return;
      default:
        break;
    }
    if (
      event.key.length === 1 &&
      /\S/.test(event.key) &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey
    ) {
      const state = typeahead.current;
      window.clearTimeout(state.timer);
      state.text += event.key.toLowerCase();
      state.timer = window.setTimeout(() => {
        state.text = '';
      }, 500);
      const start = Math.max(
        0,
        enabledItems.findIndex((item) => item.id === activeId),
      );
      const ordered = [
        ...enabledItems.slice(start + (state.text.length === 1 ? 1 : 0)),
        ...enabledItems.slice(0, start + 1),
      ];
      const match = ordered.find((item) => textOf(item).toLowerCase().startsWith(state.text));
      if (match) setActiveId(match.id);
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  };

  return (
    <StyledMenuRoot ref={rootRef} className={className}>
      <Button
        ref={triggerRef}
        id={triggerId}
        variant={triggerVariant}
        size={triggerSize}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        onClick={() => (open ? closeMenu(false) : openMenu('first'))}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </Button>
      {open ? (
        <StyledMenu
          id={menuId}
          role="menu"
          aria-labelledby={triggerId}
          tabIndex={-1}
          $align={align}
          onKeyDown={onMenuKeyDown}
        >
          {header ? <StyledMenuHeader role="presentation">{header}</StyledMenuHeader> : null}
          {items.map((entry) => {
            if (!isItem(entry)) return <StyledMenuSeparator key={entry.id} role="separator" />;
            const common = {
              ref: (node: HTMLElement | null) => {
                if (node) itemRefs.current.set(entry.id, node);
                else itemRefs.current.delete(entry.id);
              },
              role: 'menuitem',
              tabIndex: -1,
              'aria-disabled': entry.disabled ? true : undefined,
              $destructive: Boolean(entry.destructive),
              onMouseEnter: () => {
                if (!entry.disabled) setActiveId(entry.id);
              },
              onClick: () => activate(entry),
            } as const;
            const content = (
              <>
                {entry.icon}
                <span>{entry.label}</span>
                {entry.shortcut ? (
                  <StyledShortcut aria-hidden="true">{entry.shortcut}</StyledShortcut>
                ) : null}
              </>
            );
            return entry.href && !entry.disabled ? (
              <StyledMenuItem key={entry.id} as="a" href={entry.href} {...common}>
                {content}
              </StyledMenuItem>
            ) : (
              <StyledMenuItem
                key={entry.id}
                type="button"
                {...common}
                onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
                  // Space on a button fires click on keyup; keep Enter and Space equal.
                  if (event.key === ' ' || event.key === 'Enter') {
                    event.preventDefault();
                    activate(entry);
                  }
                }}
              >
                {content}
              </StyledMenuItem>
            );
          })}
        </StyledMenu>
      ) : null}
    </StyledMenuRoot>
  );
}
