import { ancestorsOf, buildFileTree, defaultFile, visibleItems } from './file-tree-model';

const paths = [
  'src/main.tsx',
  'index.html',
  'src/App.tsx',
  'src/components/Button.tsx',
  'package.json',
];

describe('buildFileTree', () => {
  it('puts folders first, then files, each level by name', () => {
    const tree = buildFileTree(paths);
    expect(tree.map(({ name }) => name)).toEqual(['src', 'index.html', 'package.json']);
    const src = tree[0];
    expect(src?.kind === 'folder' && src.children.map(({ path }) => path)).toEqual([
      'src/components',
      'src/App.tsx',
      'src/main.tsx',
    ]);
  });

  it('has no folders for a flat project and nothing for no paths', () => {
    expect(buildFileTree(['b.ts', 'a.ts']).map(({ kind, name }) => `${kind}:${name}`)).toEqual([
      'file:a.ts',
      'file:b.ts',
    ]);
    expect(buildFileTree([])).toEqual([]);
  });
});

describe('visibleItems', () => {
  it('shows the children of expanded folders only, with their level and parent', () => {
    const tree = buildFileTree(paths);
    expect(visibleItems(tree, new Set()).map(({ node }) => node.path)).toEqual([
      'src',
      'index.html',
      'package.json',
    ]);
    const open = visibleItems(tree, new Set(['src', 'src/components']));
    expect(open.map(({ node, level, parent }) => [node.path, level, parent])).toEqual([
      ['src', 1, null],
      ['src/components', 2, 'src'],
      ['src/components/Button.tsx', 3, 'src/components'],
      ['src/App.tsx', 2, 'src'],
      ['src/main.tsx', 2, 'src'],
      ['index.html', 1, null],
      ['package.json', 1, null],
    ]);
  });
});

describe('ancestorsOf and defaultFile', () => {
  it('names the folders that hold a file', () => {
    expect(ancestorsOf('src/components/Button.tsx')).toEqual(['src', 'src/components']);
    expect(ancestorsOf('index.html')).toEqual([]);
  });

  it('opens on the app component when there is one', () => {
    expect(defaultFile(paths)).toBe('src/App.tsx');
    expect(defaultFile(['b.txt', 'README.md'])).toBe('README.md');
    expect(defaultFile(['b.txt'])).toBe('b.txt');
    expect(defaultFile([])).toBeNull();
  });
});
