import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { FileTree, type FileTreeProps } from './file-tree';

const PATHS = [
  'index.html',
  'package.json',
  'README.md',
  'src/App.tsx',
  'src/main.tsx',
  'src/index.css',
  'src/components/HabitList.tsx',
  'src/components/StreakChart.tsx',
  'src/lib/dates.ts',
  'public/favicon.svg',
];

function Controlled(props: FileTreeProps) {
  const [selected, setSelected] = useState(props.selectedPath);
  return (
    <div style={{ width: 280 }}>
      <FileTree
        {...props}
        selectedPath={selected}
        onSelect={(path) => {
          setSelected(path);
          props.onSelect(path);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Projects/File tree',
  component: FileTree,
  args: { paths: PATHS, selectedPath: 'src/App.tsx', label: 'Files', onSelect: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof FileTree>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Folders first; the shown file's folders open. */
export const Default: Story = {};

/** Arrows move and open folders; Enter opens a file. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    canvas.getByRole('treeitem', { name: 'App.tsx' }).focus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowRight}{ArrowRight}{Enter}');
    await expect(args.onSelect).toHaveBeenLastCalledWith('src/components/HabitList.tsx');
    await expect(canvas.getByRole('treeitem', { name: 'HabitList.tsx' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};
