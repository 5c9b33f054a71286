/** A folder or a file of a project, as the tree shows it. */
export type FileTreeNode =
  | { kind: 'folder'; name: string; path: string; children: FileTreeNode[] }
  | { kind: 'file'; name: string; path: string };

type MutableFolder = { folders: Map<string, MutableFolder>; files: string[] };

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** The folders and files of a list of paths ('src/App.tsx', ...): folders first, each level by name. */
export function buildFileTree(paths: readonly string[]): FileTreeNode[] {
  const root: MutableFolder = { folders: new Map(), files: [] };
  for (const path of paths) {
    const parts = path.split('/').filter(Boolean);
    const name = parts.pop();
    if (!name) continue;
    let folder = root;
    for (const part of parts) {
      let next = folder.folders.get(part);
      if (!next) {
        next = { folders: new Map(), files: [] };
        folder.folders.set(part, next);
      }
      folder = next;
    }
    folder.files.push(name);
  }
  const toNodes = (folder: MutableFolder, prefix: string): FileTreeNode[] => [
    ...[...folder.folders.keys()].sort(byName).map((name): FileTreeNode => ({
      kind: 'folder',
      name,
      path: `${prefix}${name}`,
      children: toNodes(folder.folders.get(name) as MutableFolder, `${prefix}${name}/`),
    })),
    ...[...new Set(folder.files)].sort(byName).map((name): FileTreeNode => ({
      kind: 'file',
      name,
      path: `${prefix}${name}`,
    })),
  ];
  return toNodes(root, '');
}

/** The folders that hold `path` ('src/components/Button.tsx' → ['src', 'src/components']). */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

/** A visible row of the tree: what keyboard navigation moves through. */
export interface VisibleTreeItem {
  node: FileTreeNode;
  level: number;
  parent: string | null;
}

/** The rows a person sees: every node whose folders are all expanded, in order. */
export function visibleItems(
  nodes: readonly FileTreeNode[],
  expanded: ReadonlySet<string>,
  level = 1,
  parent: string | null = null,
): VisibleTreeItem[] {
  return nodes.flatMap((node) => [
    { node, level, parent },
    ...(node.kind === 'folder' && expanded.has(node.path)
      ? visibleItems(node.children, expanded, level + 1, node.path)
      : []),
  ]);
}

/** The file a project's files open on: the app's main component, else its page, its readme, or the first file. */
export function defaultFile(paths: readonly string[]): string | null {
  for (const preferred of ['src/App.tsx', 'src/App.jsx', 'src/main.tsx', 'index.html', 'README.md'])
    if (paths.includes(preferred)) return preferred;
  return paths[0] ?? null;
}
