import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Banner, type BannerProps } from './banner';

const meta = {
  title: 'UI Kit/Banner',
  component: Banner,
  parameters: { layout: 'fullscreen' },
  args: {
    children: 'Mason is shutting down at the end of October 2025.',
    link: { href: '#migration-guide', label: 'Read the migration guide' },
    onDismiss: fn(),
  },
} satisfies Meta<BannerProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('region', { name: 'Announcement' })).toHaveTextContent(
      'Mason is shutting down at the end of October 2025.',
    );
    await expect(canvas.getByRole('link', { name: 'Read the migration guide' })).toHaveAttribute(
      'href',
      '#migration-guide',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss announcement' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};

export const Warning: Story = {
  args: { tone: 'warning' },
};

export const Info: Story = {
  args: {
    tone: 'info',
    children: 'New: GPT-5 and Gemini 2.5 Pro are available in every project.',
    link: undefined,
  },
};

export const NotDismissible: Story = {
  args: { onDismiss: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.queryByRole('button', { name: 'Dismiss announcement' }),
    ).not.toBeInTheDocument();
  },
};

export const Narrow: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};
