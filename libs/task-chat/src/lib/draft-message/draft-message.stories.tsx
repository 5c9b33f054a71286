import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { DraftMessage } from './draft-message';

const meta = {
  title: 'Task chat/Entries/Answer being written',
  component: DraftMessage,
  decorators: entryStoryDecorators(),
  args: { draft: { draftId: 'draft-1', text: 'Let me look at **your app** first, then I' } },
} satisfies Meta<typeof DraftMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The words so far, with a caret; read out politely as they come. */
export const Writing: Story = {
  play: async ({ canvas }) => {
    const draft = canvas.getByRole('article', { name: 'Assistant’s message, being written' });
    await expect(draft).toHaveAttribute('aria-busy', 'true');
    await expect(draft).toHaveTextContent('Let me look at your app first, then I');
  },
};
