import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { StatusEntry } from './status-entry';

const meta = {
  title: 'Task chat/Entries/Status',
  component: StatusEntry,
  decorators: entryStoryDecorators(),
  args: { log: aTaskLog('STATUS', { content: 'Done' }) },
} satisfies Meta<typeof StatusEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The task's state changed: a divider with the words, the time on hover. */
export const Done: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Done')).toHaveAttribute('title');
  },
};

export const Paused: Story = {
  args: {
    log: aTaskLog('STATUS', {
      content: 'Paused by you',
      payload: { state: 'IN_PROGRESS', pauseReason: 'MANUAL' },
    }),
  },
};
