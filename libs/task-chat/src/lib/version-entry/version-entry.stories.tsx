import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { aTaskLog } from '@mason/api-client/testing';
import { entryStoryDecorators } from '../../test-utils/entry-story';
import { VersionEntry } from './version-entry';

const meta = {
  title: 'Task chat/Entries/Version',
  component: VersionEntry,
  args: { log: aTaskLog('VERSION', { content: 'Added a dark mode toggle' }) },
} satisfies Meta<typeof VersionEntry>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The version the project is at now: no revert to it. */
export const Current: Story = {
  decorators: entryStoryDecorators({ currentVersionId: 'version-1' }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Current')).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** An older version: the person may revert to it (a dialog asks first). */
export const Older: Story = {
  decorators: entryStoryDecorators({ currentVersionId: 'version-2' }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Revert to version 1' }));
  },
};

/** While the assistant works the server refuses a revert: the button says to wait. */
export const AssistantWorking: Story = {
  decorators: entryStoryDecorators({ currentVersionId: 'version-2', canRevert: false }),
  play: async ({ canvas }) => {
    const revert = canvas.getByRole('button', { name: 'Revert to version 1' });
    await expect(revert).toBeDisabled();
    await expect(revert).toHaveAttribute(
      'title',
      'Wait for the assistant to finish before reverting.',
    );
  },
};
