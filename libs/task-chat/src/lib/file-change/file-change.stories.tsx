import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { FileChange } from './file-change';

const meta = {
  title: 'Task chat/Entries/File change',
  component: FileChange,
  decorators: entryStoryDecorators(),
  args: { log: aTaskLog('FILE_CHANGE') },
} satisfies Meta<typeof FileChange>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A file the turn changed: lines added and removed, read out in words. */
export const Updated: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Updated')).toBeVisible();
    await expect(canvas.getByText('12 lines added, 2 lines removed')).toBeInTheDocument();
  },
};

export const Created: Story = {
  args: {
    log: aTaskLog('FILE_CHANGE', {
      content: 'src/components/Counter.tsx',
      payload: {
        path: 'src/components/Counter.tsx',
        change: 'CREATED',
        additions: 1,
        deletions: 0,
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 line added, 0 lines removed')).toBeInTheDocument();
  },
};

export const Deleted: Story = {
  args: {
    log: aTaskLog('FILE_CHANGE', {
      content: 'src/old.ts',
      payload: { path: 'src/old.ts', change: 'DELETED', additions: 0, deletions: 40 },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Deleted')).toBeVisible();
  },
};
