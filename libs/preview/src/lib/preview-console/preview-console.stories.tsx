import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { MIXED_CONSOLE } from '../../test-utils/console-fixtures';
import { withPreviewSession } from '../../test-utils/preview-story';
import { PreviewConsole } from './preview-console';

const meta = {
  title: 'Preview/Console',
  component: PreviewConsole,
  args: { onClose: fn() },
  decorators: [
    (Story) => (
      <div style={{ height: 360, display: 'flex', flexDirection: 'column', maxWidth: 880 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PreviewConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every level: its icon, colour and (for screen readers) its word. */
export const MixedLevels: Story = {
  decorators: [
    withPreviewSession((session) => MIXED_CONSOLE.forEach((entry) => session.log(entry))),
  ],
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Console messages' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(MIXED_CONSOLE.length);
    await expect(canvas.getByRole('button', { name: /^Errors/ })).toHaveTextContent('3');
    await expect(canvas.getByRole('button', { name: 'Fix with AI' })).toBeEnabled();
  },
};

export const Empty: Story = {
  decorators: [withPreviewSession()],
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Nothing logged yet/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Fix with AI' })).toBeDisabled();
  },
};

/** Logs and warnings hidden: the errors only. */
export const Filtered: Story = {
  decorators: [
    withPreviewSession((session) => MIXED_CONSOLE.forEach((entry) => session.log(entry))),
  ],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /^Logs/ }));
    await userEvent.click(canvas.getByRole('button', { name: /^Warnings/ }));
    const list = canvas.getByRole('list', { name: 'Console messages' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('button', { name: /^Logs/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  },
};
