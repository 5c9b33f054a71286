import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithTheme } from '@mason/ui-kit/testing';
import { FileTree } from './file-tree';

const PATHS = [
  'index.html',
  'package.json',
  'src/App.tsx',
  'src/main.tsx',
  'src/components/Button.tsx',
  'src/components/Card.tsx',
  'public/logo.svg',
];

function Tree({ onSelect = () => undefined }: { onSelect?: (path: string) => void }) {
  const [selected, setSelected] = useState<string | null>('src/App.tsx');
  return (
    <>
      <FileTree
        paths={PATHS}
        selectedPath={selected}
        onSelect={(path) => {
          setSelected(path);
          onSelect(path);
        }}
        label="Files"
      />
      <p>Showing {selected}</p>
    </>
  );
}

const item = (name: string) => screen.getByRole('treeitem', { name });

describe('FileTree', () => {
  it('shows folders first, opens the top folders, and marks the shown file', () => {
    renderWithTheme(<Tree />);
    const tree = screen.getByRole('tree', { name: 'Files' });
    const top = within(tree)
      .getAllByRole('treeitem')
      .filter((element) => element.getAttribute('aria-level') === '1');
    expect(top.map((element) => element.getAttribute('aria-label'))).toEqual([
      'public',
      'src',
      'index.html',
      'package.json',
    ]);
    expect(item('src')).toHaveAttribute('aria-expanded', 'true');
    expect(item('components')).toHaveAttribute('aria-expanded', 'false');
    expect(item('App.tsx')).toHaveAttribute('aria-selected', 'true');
    expect(item('main.tsx')).toHaveAttribute('aria-selected', 'false');
    // One tab stop: the shown file.
    expect(item('App.tsx')).toHaveAttribute('tabindex', '0');
    expect(item('src')).toHaveAttribute('tabindex', '-1');
  });

  it('opens a file on click, and a folder opens and closes on click', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderWithTheme(<Tree onSelect={onSelect} />);

    await user.click(screen.getByText('components'));
    expect(item('components')).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Card.tsx'));
    expect(onSelect).toHaveBeenLastCalledWith('src/components/Card.tsx');
    expect(screen.getByText('Showing src/components/Card.tsx')).toBeInTheDocument();

    await user.click(screen.getByText('src'));
    expect(item('src')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('treeitem', { name: 'App.tsx' })).not.toBeInTheDocument();
  });

  it('moves with the arrow keys, Home and End, and opens with Enter', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tree />);

    await user.tab();
    expect(item('App.tsx')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('main.tsx')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Showing src/main.tsx')).toBeInTheDocument();

    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(item('components')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('components')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(item('Button.tsx')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('components')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('components')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowLeft}');
    expect(item('src')).toHaveFocus();

    await user.keyboard('{End}');
    expect(item('package.json')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('public')).toHaveFocus();
    await user.keyboard(' ');
    expect(item('public')).toHaveAttribute('aria-expanded', 'false');
  });

  it('jumps to the next name that starts with a typed letter', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tree />);
    await user.tab();
    await user.keyboard('p');
    expect(item('package.json')).toHaveFocus();
    await user.keyboard('p');
    expect(item('public')).toHaveFocus();
    await user.keyboard('i');
    expect(item('index.html')).toHaveFocus();
  });
});
