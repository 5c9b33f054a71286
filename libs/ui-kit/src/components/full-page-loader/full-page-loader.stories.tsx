import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FullPageLoader, type FullPageLoaderProps } from './full-page-loader';

const meta = {
  title: 'UI Kit/FullPageLoader',
  component: FullPageLoader,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 360 } } },
} satisfies Meta<FullPageLoaderProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Mason');
  },
};

export const WithMessage: Story = {
  args: { message: 'Restoring your session…' },
};
