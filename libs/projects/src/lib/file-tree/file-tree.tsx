import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ChevronRightIcon, FileIcon, FolderIcon } from '@mason/ui-kit';
import { ancestorsOf, buildFileTree, visibleItems, type FileTreeNode } from './file-tree-model';

const StyledTree = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
`;

const StyledItem = styled.li`
  &:focus {
    outline: none;
  }
  &:focus-visible > div {
    box-shadow: ${({ theme }) => theme.shadows.focus};
  }
`;

const StyledRow = styled.div<{ $level: number; $selected: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1.5]};
  min-height: 28px;
  padding-right: ${({ theme }) => theme.space[2]};
  padding-left: ${({ $level }) => `calc(${$level - 1} * 14px + 4px)`};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.foreground};
  cursor: pointer;
  user-select: none;
  white-space: nowrap;

  &:hover {
    background: ${({ theme }) => theme.colors.accent};
  }

  ${({ $selected, theme }) =>
    $selected &&
    css`
      background: ${theme.colors.accent};
      font-weight: ${theme.typography.fontWeights.medium};
    `}

  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

const StyledChevron = styled.span<{ $open: boolean }>`
  display: inline-flex;
  width: 14px;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
  transition: transform ${({ theme }) => theme.motion.durations.fast};
`;

const StyledSpacer = styled.span`
  display: inline-block;
  width: 14px;
  flex: none;
`;

const StyledName = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
`;

export interface FileTreeProps {
  /** Every file path of the version ('src/App.tsx', ...). */
  paths: readonly string[];
  /** The file shown now; its folders open. */
  selectedPath: string | null;
  onSelect: (path: string) => void;
  /** The tree's accessible name. */
  label: string;
}

const topFolders = (nodes: readonly FileTreeNode[]) =>
  nodes.filter(({ kind }) => kind === 'folder').map(({ path }) => path);

/**
 * The project's folders and files as a WAI-ARIA tree: arrows move and open or close folders,
 * Home and End jump, Enter or Space opens a file, typing a letter jumps to the next name
 * starting with it. One item is in the tab order at a time.
 */
export function FileTree({ paths, selectedPath, onSelect, label }: FileTreeProps) {
  const tree = useMemo(() => buildFileTree(paths), [paths]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(
    () => new Set([...topFolders(tree), ...(selectedPath ? ancestorsOf(selectedPath) : [])]),
  );
  const [focused, setFocused] = useState<string | null>(selectedPath);
  const items = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);

  // The selected file's folders open, wherever the selection came from.
  useEffect(() => {
    if (!selectedPath) return;
    setExpanded((current) => {
      const missing = ancestorsOf(selectedPath).filter((folder) => !current.has(folder));
      return missing.length ? new Set([...current, ...missing]) : current;
    });
  }, [selectedPath]);

  const visible = useMemo(() => visibleItems(tree, expanded), [tree, expanded]);
  const tabStop =
    visible.find(({ node }) => node.path === focused)?.node.path ??
    visible.find(({ node }) => node.path === selectedPath)?.node.path ??
    visible[0]?.node.path ??
    null;

  useEffect(() => {
    if (!moveFocus.current || !tabStop) return;
    moveFocus.current = false;
    items.current.get(tabStop)?.focus();
  }, [tabStop]);

  const focus = (path: string) => {
    moveFocus.current = true;
    setFocused(path);
    if (path === tabStop) items.current.get(path)?.focus();
  };

  const toggle = (path: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(path)) next.add(path);
      else next.delete(path);
      return next;
    });

  const activate = (node: FileTreeNode) => {
    if (node.kind === 'folder') toggle(node.path);
    else onSelect(node.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = visible.findIndex(({ node }) => node.path === tabStop);
    const current = visible[index];
    if (!current) return;
    const { node } = current;
    const isOpenFolder = node.kind === 'folder' && expanded.has(node.path);
    let handled = true;
    switch (event.key) {
      case 'ArrowDown':
        if (visible[index + 1]) focus(visible[index + 1].node.path);
        break;
      case 'ArrowUp':
        if (index > 0 && visible[index - 1]) focus(visible[index - 1].node.path);
        break;
      case 'ArrowRight':
        if (node.kind === 'folder') {
          if (!isOpenFolder) toggle(node.path, true);
          else if (node.children[0]) focus(node.children[0].path);
        }
        break;
      case 'ArrowLeft':
        if (isOpenFolder) toggle(node.path, false);
        else if (current.parent) focus(current.parent);
        break;
      case 'Home':
        if (visible[0]) focus(visible[0].node.path);
        break;
      case 'End': {
        const last = visible[visible.length - 1];
        if (last) focus(last.node.path);
        break;
      }
      case 'Enter':
      case ' ':
        activate(node);
        break;
      default: {
        // Type-ahead: the next visible name that starts with the typed letter.
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) {
          handled = false;
          break;
        }
        const letter = event.key.toLowerCase();
        const order = [...visible.slice(index + 1), ...visible.slice(0, index + 1)];
        const match = order.find((item) => item.node.name.toLowerCase().startsWith(letter));
        if (match) focus(match.node.path);
        else handled = false;
      }
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  };

  const renderNodes = (nodes: readonly FileTreeNode[], level: number): ReactNode =>
    nodes.map((node, position) => {
      const isFolder = node.kind === 'folder';
      const open = isFolder && expanded.has(node.path);
      const selected = !isFolder && node.path === selectedPath;
      return (
        <StyledItem
          key={node.path}
          ref={(element) => {
            if (element) items.current.set(node.path, element);
            else items.current.delete(node.path);
          }}
          role="treeitem"
          aria-label={node.name}
          aria-level={level}
          aria-setsize={nodes.length}
          aria-posinset={position + 1}
          aria-expanded={isFolder ? open : undefined}
          aria-selected={isFolder ? undefined : selected}
          aria-current={selected ? 'true' : undefined}
          tabIndex={node.path === tabStop ? 0 : -1}
          title={node.path}
        >
          <StyledRow
            $level={level}
            $selected={selected}
            onClick={() => {
              focus(node.path);
              activate(node);
            }}
          >
            {isFolder ? (
              <StyledChevron $open={open} aria-hidden="true">
                <ChevronRightIcon size={14} />
              </StyledChevron>
            ) : (
              <StyledSpacer />
            )}
            {isFolder ? <FolderIcon size={14} /> : <FileIcon size={14} />}
            <StyledName>{node.name}</StyledName>
          </StyledRow>
          {open && node.children.length > 0 ? (
            <ul role="group">{renderNodes(node.children, level + 1)}</ul>
          ) : null}
        </StyledItem>
      );
    });

  return (
    <StyledTree role="tree" aria-label={label} onKeyDown={onKeyDown}>
      {renderNodes(tree, 1)}
    </StyledTree>
  );
}
