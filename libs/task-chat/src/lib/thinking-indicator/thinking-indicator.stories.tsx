import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { ThinkingIndicator } from './thinking-indicator';

const meta = {
  title: 'Task chat/Entries/Working',
  component: ThinkingIndicator,
  decorators: entryStoryDecorators(),
} satisfies Meta<typeof ThinkingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The assistant works and has written nothing yet. */
export const Working: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Working…')).toBeVisible();
  },
};
