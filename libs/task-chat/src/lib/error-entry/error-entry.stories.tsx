import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { ErrorEntry } from './error-entry';

const meta = {
  title: 'Task chat/Entries/Error',
  component: ErrorEntry,
  decorators: entryStoryDecorators(),
  args: { log: aTaskLog('ERROR') },
} satisfies Meta<typeof ErrorEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A build that failed. */
export const BuildFailed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Error')).toHaveTextContent('The build failed');
  },
};

/** A long message wraps and keeps its line breaks. */
export const ProviderRefused: Story = {
  args: {
    log: aTaskLog('ERROR', {
      content:
        'The AI provider refused the request: 429 Too Many Requests.\nWait a minute, then send your message again.',
      payload: { code: 'PROVIDER_ERROR' },
    }),
  },
};
