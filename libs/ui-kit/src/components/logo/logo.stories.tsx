import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Stack } from '../layout/layout';
import { Logo, type LogoProps } from './logo';

const meta = {
  title: 'UI Kit/Logo',
  component: Logo,
  args: { size: 'md', variant: 'full' },
} satisfies Meta<LogoProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Mason' })).toBeVisible();
  },
};

export const Mark: Story = {
  args: { variant: 'mark', size: 'xl' },
};

export const Sizes: Story = {
  render: () => (
    <Stack gap={5}>
      <Logo size="sm" />
      <Logo size="md" />
      <Logo size="lg" />
      <Logo size="xl" />
    </Stack>
  ),
};
