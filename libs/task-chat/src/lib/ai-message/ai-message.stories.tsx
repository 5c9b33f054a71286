import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { AiMessage } from './ai-message';

const ANSWER = aTaskLog('AI_MESSAGE', {
  id: '7',
  content:
    'I added a **dark mode** toggle to the header.\n\n```tsx\nexport function Toggle() {\n  return <button>Dark</button>;\n}\n```',
  payload: { model: 'CLAUDE_SONNET_4_5', draftId: null },
});

const meta = {
  title: 'Task chat/Entries/Assistant’s message',
  component: AiMessage,
  args: { log: ANSWER },
} satisfies Meta<typeof AiMessage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An answer in the middle of the conversation: markdown, no rating. */
export const Answer: Story = {
  decorators: entryStoryDecorators(),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('article', { name: 'Assistant’s message' })).toHaveTextContent(
      'dark mode',
    );
    await expect(canvas.queryByRole('group', { name: 'Rate this answer' })).toBeNull();
  },
};

/** The newest answer of an ended turn: its model, and a rating. */
export const Rateable: Story = {
  decorators: entryStoryDecorators({ rateableLogId: '7' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Claude Sonnet 4.5')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Good answer' }));
  },
};

/** While the rating is sent, both buttons wait. */
export const Rating: Story = {
  decorators: entryStoryDecorators({ rateableLogId: '7', ratingLogId: '7' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Good answer' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Bad answer' })).toBeDisabled();
  },
};

/** Rated in this visit: a thank-you instead of the buttons. */
export const Rated: Story = {
  decorators: entryStoryDecorators({ rateableLogId: '7', ratings: { '7': 'POSITIVE' } }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Thanks for the feedback.');
  },
};
